## صفحة البطولة (web/tournament.html، web/tournament.js).

tp-doc = سينيت — بطولة
tp-doc-named = سينيت — { $name }
tp-missing-doc = سينيت — لا توجد هذه البطولة
tp-missing-title = لا توجد هذه البطولة
tp-missing-detail = لا توجد بطولة على هذا العنوان: ربما كُتب الرابط خطأً أو نُقص منه شيء.
tp-podium = منصة التتويج
tp-loading = جارٍ التحميل…
tp-join = انضمّ
tp-join-again = انضمّ من جديد
tp-leave = غادِر
tp-standings = الترتيب
tp-nobody = لم ينضم أحد بعد.
tp-games = المباريات
tp-no-game = لا مباراة بعد.

tp-title =
    { $kind ->
        [swiss] بطولة بالنظام السويسري
       *[other] بطولة أرينا
    }
tp-ordinal =
    { $n ->
        [1] الأول
        [2] الثاني
        [3] الثالث
        [4] الرابع
        [5] الخامس
        [6] السادس
        [7] السابع
        [8] الثامن
        [9] التاسع
        [10] العاشر
       *[other] رقم { $n }
    }
tp-term-clock = الساعة { $clock }
tp-term-rounds =
    { $count ->
        [zero] بلا جولات
        [one] جولة واحدة
        [two] جولتان
        [few] { $count } جولات
       *[other] { $count } جولة
    }
tp-term-minutes =
    { $count ->
        [zero] بلا دقائق
        [one] دقيقة واحدة
        [two] دقيقتان
        [few] { $count } دقائق
       *[other] { $count } دقيقة
    }
tp-term-players =
    { $count ->
        [zero] لا لاعبين
        [one] لاعب واحد
        [two] لاعبان
        [few] { $count } لاعبين
       *[other] { $count } لاعبًا
    }
tp-term-made-by = أنشأها { $name }
tp-news-starts-in =
    { $secs ->
        [60] تبدأ البطولة بعد دقيقة.
       *[other] تبدأ البطولة بعد عشر ثوانٍ.
    }
tp-news-left =
    { $secs ->
        [60] بقيت دقيقة في الأرينا.
       *[other] بقيت عشر ثوانٍ في الأرينا.
    }
tp-col-rank = المركز
tp-col-player = اللاعب
tp-col-rating = التصنيف
tp-col-performance = الأداء
tp-col-performance-short = أداء
tp-col-points = النقاط
tp-col-points-short = نقاط
tp-col-games = المباريات
tp-col-rounds = الجولات
tp-col-sheet = السجل
tp-you = { " " }(أنت)
tp-on-fire = { " " }مشتعل
tp-on-fire-title = مشتعل: الفوز التالي يُحتسب مضاعفًا
tp-withdrawn = { " " }(انسحب)
tp-left = { " " }(غادر)
tp-sheet-round = الجولة { $n }
tp-sheet-game = المباراة { $n }
tp-game-round = الجولة { $round } ·{ " " }
tp-in-play = جارية
tp-void = ملغاة (لا تُحتسب)
tp-sign-in = سجّل الدخول
tp-sign-in-join = { $link } لتنضم.
tp-sign-in-next = { $link } لتلعب في البطولة القادمة.
tp-you-finished =
    { $count ->
        [zero] أنهيت في المركز { $place } بلا نقاط.
        [one] أنهيت في المركز { $place } بنقطة واحدة.
        [two] أنهيت في المركز { $place } بنقطتين.
        [few] أنهيت في المركز { $place } بـ{ $points } نقاط.
       *[other] أنهيت في المركز { $place } بـ{ $points } نقطة.
    }
tp-you-withdrew = انسحبت: لن تُقرن بأحد بعد الآن.
tp-you-left = غادرت: لن تُقرن بأحد بعد الآن.
tp-game-ready = مباراتك جاهزة: جارٍ فتح لوحتها…
tp-game-playing = مباراتك جارية: { $link }.
tp-go-to-board = اذهب إلى لوحتها
tp-you-are-in = أنت مشارك: تبدأ مباراتك الأولى مع بدء البطولة.
tp-bye = لك استراحة في هذه الجولة. بانتظار خصمك التالي…
tp-waiting = بانتظار خصمك التالي…
tp-news-started = بدأت البطولة.
tp-news-over = انتهت البطولة.
tp-news-over-podium = انتهت البطولة. { $podium }.
tp-podium-place = { $place }: { $name }
tp-list-sep = ،{ " " }
tp-news-round = بدأت الجولة { $round } من { $rounds }.
tp-news-you-are = الترتيب: أنت في المركز { $place } برصيد { $points }.
tp-news-leads = الترتيب: { $name } في الصدارة برصيد { $points }.
tp-news-joined = انضممت إلى البطولة.
tp-news-you-left = غادرت البطولة.
tp-signed-out = لم تسجّل الدخول: { $link } أولًا.
tp-sign-in-lower = سجّل الدخول
