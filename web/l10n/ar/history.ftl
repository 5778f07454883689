## صفحة اللاعب (web/history.html، web/history.js).

hi-doc = سينيت — سجل اللاعب
hi-player = اللاعب
hi-playing-now = يلعب الآن
hi-manage = هذا اللاعب وأنت
hi-follow-plain = تابِع
hi-challenge = تحدَّ
hi-block-plain = احظر
hi-report-before = أبلغ المشرفين عن
hi-report-after = { "" }
hi-report-what = ماذا حدث؟
hi-report-send = أرسل البلاغ
hi-ratings = التصنيفات
hi-ratings-about = العدد بعد ± هو هامش التصنيف: في نحو 95 % من الحالات تقع القوة الحقيقية للاعب داخله (ضعف انحراف Glicko-2). يكون واسعًا للاعب الجديد ويضيق مع كل مباراة محتسبة.

hi-no-player = لا يوجد هذا اللاعب (أو أن هذا الخادم لا يحفظ اللاعبين).
hi-who =
    { $count ->
        [zero] { $name }: لا مباريات
        [one] { $name }: مباراة واحدة
        [two] { $name }: مباراتان
        [few] { $name }: { $count } مباريات
       *[other] { $name }: { $count } مباراة
    }
hi-since = عضو منذ { $date }.
hi-col-when = متى
hi-col-match = المباراة
hi-col-against = ضد
hi-col-series = السلسلة
hi-col-games-won = الأدوار المربوحة
hi-col-points = النقاط
hi-col-result = النتيجة
hi-list-sep = ،{ " " }
hi-series =
    { $kind ->
        [best_of] الأفضل في { $target }
       *[other] أول من يبلغ { $target }
    }
hi-games-won = { $won } من { $games }
hi-result =
    { $result ->
        [won] فوز
        [lost] خسارة
        [live] جارية
        [joining] بانتظار اللاعبين
        [finished] منتهية
        [expired] منتهية الصلاحية
       *[other] { $result }
    }
hi-watch = شاهد { $name }
hi-playing-against = { $which }، ضد { $against }
hi-block = احظر { $name }
hi-unblock = ألغِ حظر { $name }
hi-blocked = { $name } محظور: لن تُقرنا معًا في المباريات السريعة.
hi-unblocked = لم يعد { $name } محظورًا.
hi-reported = شكرًا: سيقرأ المشرفون بلاغك.
hi-follow = تابِع { $name }
hi-unfollow = ألغِ متابعة { $name }
hi-presence =
    { $status ->
        [offline] غير متصل
        [online] متصل الآن
        [playing] يلعب الآن
       *[other] { $status }
    }
hi-watch-link = شاهد
hi-followed = أنت تتابع { $name }.
hi-unfollowed = لم تعد تتابع { $name }.
hi-challenge-sent = أُرسل التحدي: يراه { $name } الآن. ينتظر الرد عشر دقائق.
hi-pool-players = { $name }، { $players } لاعبين
hi-rating-after =
    { $games ->
        [zero] { " " }± { $margin } بلا مباريات محتسبة
        [one] { " " }± { $margin } بعد مباراة محتسبة واحدة
        [two] { " " }± { $margin } بعد مباراتين محتسبتين
        [few] { " " }± { $margin } بعد { $games } مباريات محتسبة
       *[other] { " " }± { $margin } بعد { $games } مباراة محتسبة
    }
hi-chart-label =
    { $games ->
        [zero] { $pool }: التصنيف 1500 بلا مباريات
        [one] { $pool }: التصنيف من 1500 إلى { NUMBER($to, useGrouping: 0) } في مباراة واحدة
        [two] { $pool }: التصنيف من 1500 إلى { NUMBER($to, useGrouping: 0) } في مباراتين
        [few] { $pool }: التصنيف من 1500 إلى { NUMBER($to, useGrouping: 0) } في { $games } مباريات
       *[other] { $pool }: التصنيف من 1500 إلى { NUMBER($to, useGrouping: 0) } في { $games } مباراة
    }
