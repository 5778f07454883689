## لوحة نتائج المباراة (web/scoreboard.html، web/scoreboard.js).

sb-doc = سينيت — لوحة النتائج
sb-series = السلسلة
sb-games = الأدوار
sb-title = لوحة النتائج — { $name }
sb-heading =
    { $kind ->
        [best_of] { $variant }: الأفضل في { $target }
       *[other] { $variant }: أول من يبلغ { $target }
    }
sb-cannot-load = تعذّر تحميل المباراة: { $error }
sb-won = فاز { $name } بالسلسلة.
sb-leads = { $name } في الصدارة.
sb-ended-level = انتهت السلسلة بالتعادل.
sb-level = تعادل حتى الآن.
sb-status =
    الحالة: { $status ->
        [joining] بانتظار اللاعبين
        [live] جارية
        [finished] منتهية
        [expired] منتهية الصلاحية
       *[other] { $status }
    }. { $result }
sb-col-seat = المقعد
sb-col-player = اللاعب
sb-col-points = النقاط
sb-col-games-won = الأدوار المربوحة
sb-col-game = الدور
sb-col-winner = الفائز
sb-col-how = كيف انتهى
sb-winner-mark = { " " }★ الفائز
sb-how =
    { $reason ->
        [completed] لُعب حتى النهاية
        [resigned] بالاستسلام
        [no_move] لا نقلة ممكنة
        [move_limit] حدّ النقلات
        [timeout] بانتهاء الوقت
        [in_play] جارٍ
       *[other] { $reason }
    }
sb-replay = أعد العرض وتحقّق
sb-back = العودة إلى المباراة
