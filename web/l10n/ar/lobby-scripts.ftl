## الكلمات التي تكتبها سكربتات الردهة (web/lobby.js وweb/tournaments.js وweb/tv.js)، وكلمات
## web/common.js التي تشترك فيها سكربتات كل الصفحات، وأخطاء الخادم بحسب رموزها (web/errors.js).
## أسماء اللاعبين والمباريات والنسخ كما يرسلها الخادم.

## web/common.js

ls-account-label = حسابك: أنت مسجّل الدخول باسم { $name }
ls-copy = نسخ
ls-copied = نُسخ
ls-seat = المقعد { $seat }
ls-clock-days =
    { $days ->
        [one] يوم واحد لكل نقلة
        [two] يومان لكل نقلة
        [few] { $days } أيام لكل نقلة
        [many] { $days } يومًا لكل نقلة
       *[other] { $days } يوم لكل نقلة
    }
ls-clock-secs = { $secs } ث+{ $inc }

## الردهة (web/lobby.js)

ls-bot-match-name = ضد الحاسوب ({ $level })
ls-bot-failed = تعذّر بدء المباراة: { $error }
ls-quick-failed = تعذّر البحث عن خصم: { $error }
ls-quick-looking = جارٍ البحث عن خصم… ({ $secs } ث)
ls-no-game = لا مباراة: { $error }
ls-rated-match-accounts = المباراة المحتسبة في التصنيف تكون بين حسابات: { $link } أولًا.
ls-rated-game-accounts = الدور المحتسب في التصنيف يكون بين حسابات: { $link } أولًا.
ls-sign-in-or-create = سجّل الدخول أو أنشئ حسابًا
ls-create-failed = تعذّر إنشاء المباراة: { $error }
ls-created = أُنشئت المباراة
ls-created-invites = أرسل كل دعوة إلى لاعب واحد (تصلح كل دعوة مرة واحدة). مقعدك أنت محفوظ في هذا المتصفح.
ls-invite-for = دعوة للمقعد { $seat }
ls-spectator-link = رابط المشاهدة
ls-go-to-board = اذهب إلى اللوحة

ls-live-none = لا توجد مباراة عامة الآن.
ls-seat-open = المقعد { $seat } (شاغر)
ls-versus = ضد
ls-rated = محتسبة في التصنيف
ls-casual = ودّية
ls-against-computer = ضد الحاسوب
ls-live-status =
    { $status ->
        [joining] بانتظار اللاعبين
        [live] جارية
        [finished] انتهت
        [expired] انتهت صلاحيتها
       *[other] { $status }
    }
ls-live-status-game = { $status }، الدور { $game }
ls-watching =
    { $count ->
        [zero] لا أحد يشاهد
        [one] مشاهد واحد
        [two] مشاهدان
        [few] { $count } مشاهدين
        [many] { $count } مشاهدًا
       *[other] { $count } مشاهد
    }
ls-your-seat = مقعدك
ls-join = انضم
ls-watch = شاهد
ls-scoreboard = لوحة النتائج
ls-join-full = فات الأوان: كل مقاعد { $match } مشغولة.
ls-join-failed = تعذّر الانضمام إلى { $match }: { $error }

ls-seats-taken = المقاعد المشغولة: { $filled } من { $seats }
ls-best-of = الأفضل في { $target }
ls-first-to = أول من يبلغ { $target }
ls-no-clock = بلا ساعة
ls-opponents-rated = خصوم تصنيفهم من { NUMBER($min, useGrouping: 0) } إلى { NUMBER($max, useGrouping: 0) }
ls-anonymous = مجهول
ls-seek-line = { $name } ({ NUMBER($rating, useGrouping: 0) }) — { $terms }
ls-your-seek = عرضك
ls-post-failed = تعذّر نشر العرض: { $error }
ls-waiting-seats = في انتظار شغل المقاعد الأخرى…
ls-seek-gone = فات الأوان: لم يعد هذا العرض متاحًا.
ls-join-seek-failed = تعذّر الانضمام: { $error }
ls-seek-left = لم يعد العرض متاحًا: غادر صاحبه.

ls-lb-none = لا أدوار للاعبين مسجّلين بعد.
ls-lb-player = اللاعب
ls-lb-series-won = السلاسل المكسوبة
ls-lb-games-won = الأدوار المكسوبة
ls-lb-points = النقاط
ls-lb-not-here = لوحة المتصدرين غير متاحة بعد على هذا الخادم.
ls-lb-unavailable = لوحة المتصدرين غير متاحة: { $error }
ls-you-play-as = تلعب باسم { $name }.
ls-your-history = سجلّك
ls-ratings-none = لا أدوار محتسبة في التصنيف بعد.
ls-lb-rating = التصنيف
ls-lb-rated-games = الأدوار المحتسبة
ls-rating-range = { NUMBER($rating, useGrouping: 0) } ± { NUMBER($deviation, useGrouping: 0) }
ls-ratings-unavailable = التصنيفات غير متاحة: { $error }

## بطاقة البطولات في الردهة (web/tournaments.js)

ls-tournaments = البطولات
ls-t-kind =
    { $kind ->
        [swiss] سويسرية
       *[other] أرينا
    }
ls-t-days =
    { $days ->
        [one] يوم و{ $clock }
        [two] يومان و{ $clock }
        [few] { $days } أيام و{ $clock }
        [many] { $days } يومًا و{ $clock }
       *[other] { $days } يوم و{ $clock }
    }
ls-t-finished = انتهت
ls-t-starts-in = تبدأ بعد { $left }
ls-t-starting = تبدأ الآن…
ls-t-round = الجولة { $round } من { $rounds }
ls-t-running-left = جارية: بقي { $left }
ls-t-ending = تنتهي: تُستكمل الأدوار الأخيرة
ls-t-running = جارية
ls-t-sign-in-to = { $link } لإنشاء بطولة أو المشاركة فيها
ls-t-sign-in = سجّل الدخول
ls-t-new = بطولة جديدة
ls-t-kind-field = النوع
ls-t-kind-arena = أرينا: لمدة محددة
ls-t-kind-swiss = سويسرية: على جولات
ls-t-name = الاسم
ls-t-optional = اختياري
ls-t-variant = النسخة
ls-t-clock = الساعة
ls-t-minutes = الدقائق
ls-t-increment = + ثوانٍ لكل نقلة
ls-t-starts = تبدأ بعد (دقائق)
ls-t-lasts = المدة (دقائق)
ls-t-rounds = الجولات
ls-t-rated = محتسبة في التصنيف
ls-t-create = أنشئ البطولة
ls-t-create-failed = تعذّر إنشاء البطولة: { $error }
ls-t-players =
    { $count ->
        [zero] لا لاعبين
        [one] لاعب واحد
        [two] لاعبان
        [few] { $count } لاعبين
        [many] { $count } لاعبًا
       *[other] { $count } لاعب
    }
ls-t-none-here = لا يستضيف هذا الخادم بطولات.
ls-t-unavailable = البطولات غير متاحة: { $error }
ls-t-none = لا توجد بطولة الآن.

## تلفاز سينيت (web/tv.js)

ls-tv-copy = انسخ الوضعية
    .title = تدوين الوضعية، لتلصقه في لوحة التحليل
ls-tv-none = لا توجد مباراة مباشرة لعرضها الآن.
ls-tv-game = الدور { $game }

## أخطاء الخادم (web/errors.js) بحسب رموزها

error-rate_limited =
    { $secs ->
        [0] طلبات كثيرة جدًا؛ أعد المحاولة لاحقًا
        [one] طلبات كثيرة جدًا؛ أعد المحاولة بعد ثانية
        [two] طلبات كثيرة جدًا؛ أعد المحاولة بعد ثانيتين
        [few] طلبات كثيرة جدًا؛ أعد المحاولة بعد { $secs } ثوانٍ
       *[other] طلبات كثيرة جدًا؛ أعد المحاولة بعد { $secs } ثانية
    }
error-too_many_matches =
    { $status ->
        [503] لدى الخادم مباريات مفتوحة كثيرة جدًا؛ أعد المحاولة لاحقًا
       *[other] لدى عنوانك أقصى عدد مسموح به من المباريات غير المنتهية؛ أنهِ إحداها أولًا
    }
error-too_many_connections = اتصالات كثيرة جدًا من عنوانك
error-match_full = كل مقاعد هذه المباراة مشغولة
error-name_taken = هذا الاسم يشبه اسم لاعب يشغل مقعدًا: اختر اسمًا آخر
error-blocked = لا يمكنك الجلوس إلى طاولة مع لاعب يحظرك أو تحظره
error-seek_gone = لا يوجد عرض مفتوح بهذا المعرّف: أُخذ أو أُلغي أو غادر صاحبه
error-own_seek = هذا العرض عرضك أنت (اللاعب نفسه أو العنوان نفسه): انتظر غيرك
error-out_of_range = تصنيفك خارج نطاق العرض، أو تصنيف صاحبه خارج نطاقك
error-unknown_variant = لا توجد هذه النسخة
error-not_found = غير موجود
error-match_unavailable = المباراة غير متاحة
error-signed_out = لم تسجّل الدخول
error-challenge_gone = لم يعد هذا التحدي مفتوحًا
