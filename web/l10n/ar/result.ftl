## لوحة النتيجة في صفحة اللوحة (web/result.js).

result-head-over = انتهى الدور { $game }
result-head-draw = تعادل
result-head-you-won = فزت!
result-head-you-lost = خسرت
result-head-won = { $who } فاز
result-col-player = اللاعب
result-col-this-game = هذا الدور
result-col-games-won = الأدوار المكسوبة
result-col-points = النقاط
result-cell-won = فاز، +{ $points ->
    [zero] لا نقاط
    [one] نقطة واحدة
    [two] نقطتان
    [few] { $points } نقاط
    [many] { $points } نقطة
   *[other] { $points } نقطة
}
result-cell-lost = خسر
result-cell-draw = تعادل
result-points = نقاط هذا الدور: { $points }.
result-points-won-by = نقاط هذا الدور: { $points } (فوز { $reason }).
result-won-by-completed = باللعب حتى النهاية
result-won-by-resigned = بالاستسلام
result-won-by-no-move = لانعدام النقلة
result-won-by-move-limit = ببلوغ حد النقلات
result-won-by-timeout = بنفاد الوقت
result-how-counted = كيف تُحسب النقاط
result-at-the-end = في النهاية: { $notes }.
result-comma = {"، "}

## السلسلة والتصنيفات.

result-best-of = الأفضل في { $target }
result-first-to = الأول إلى { $target } نقطة
result-series-won = السلسلة ({ $rule }): { $me ->
    [yes] فزتَ بالمباراة.
   *[other] { $who } فاز بالمباراة.
}
result-series-no-one = السلسلة ({ $rule }): لم يفز أحد بالمباراة.
result-series-leads = السلسلة ({ $rule }): { $me ->
    [yes] أنت المتقدّم.
   *[other] { $who } متقدّم.
}
result-series-level = السلسلة ({ $rule }): تعادل.
result-ratings = التصنيفات: { $list }.
result-rating = { $who }{ $me ->
    [yes] {" "}(أنت)
   *[other] {""}
} { $before } ← { $after } ({ $change })
result-unrated = لم يُحتسب هذا الدور في التصنيف.
result-unrated-not-played = لم يُحتسب هذا الدور في التصنيف: انتهى قبل أن يتحرك كل لاعب.
result-unrated-pair-limit = لم يُحتسب هذا الدور في التصنيف: لعب هذان اللاعبان ما يكفي من الأدوار المصنّفة معًا اليوم.
result-unrated-same-player = لم يُحتسب هذا الدور في التصنيف: شغل لاعب واحد مقعدين.

## ما بعد ذلك.

result-asked-next = طُلب الدور التالي…
result-next-game = الدور التالي ({ $game })
result-same-again = مباراة جديدة بالإعدادات نفسها
result-replay = أعد عرض الدور { $game } وتحقق منه
result-next = يبدأ الدور التالي حين يطلبه كل لاعب، أو من تلقاء نفسه بعد حين.
result-next-asked = يبدأ الدور التالي حين يطلبه كل لاعب (طلبه: { $asked })، أو من تلقاء نفسه بعد حين.
result-cannot-create = تعذّر إنشاء المباراة: { $message }

## كيف تُجمع النقاط (تفصيل الخادم).

result-nothing-counted = لم يُحتسب شيء من النقاط: { $total }.
result-add-up = كيف { $total ->
    [one] تُحتسب النقطة الواحدة
    [two] تُجمع النقطتان
    [few] تُجمع الـ{ $total } نقاط
   *[other] تُجمع الـ{ $total } نقطة
}: { $lines }{ $end }.
result-line-times = { $what } × { $each } = { $subtotal }
result-line-total = { $what }: { $subtotal }
result-all-saved = {"؛ "}أُنقذت كل القطع، فالمجموع { $sum } × { $multiplier } = { $total }
result-in-all = {"؛ "}{ $total } في المجموع
result-of = { $me ->
    [yes] أهرامك
    [loser] أهرام الخاسر
   *[other] أهرام { $who }
}
result-line-source-track-pips = { $count } علامة من { result-of } على مسار المنبع
result-line-balance-track-pips = { $count } علامة من { result-of } على مسار التوازن
result-line-perfect-track-pips = { $count } علامة من { result-of } على المسار الكامل
result-line-pharaoh-saved = إنقاذ الفرعون
result-line-men-saved = { $count } من الرجال أُنقذوا
result-line-first-row-pieces = { $count } من { $me ->
    [yes] قطعك
    [loser] قطع الخاسر
   *[other] قطع { $who }
} بقيت في الصف الأول
result-line-middle-row-pieces = { $count } من { $me ->
    [yes] قطعك
    [loser] قطع الخاسر
   *[other] قطع { $who }
} بقيت في الصف الأوسط
result-line-last-row-pieces = { $count } من { $me ->
    [yes] قطعك
    [loser] قطع الخاسر
   *[other] قطع { $who }
} بقيت في الصف الأخير
result-line-large-borne-off = أهرام كبيرة أُخرجت: { $count }
result-line-medium-borne-off = أهرام متوسطة أُخرجت: { $count }
result-line-small-borne-off = أهرام صغيرة أُخرجت: { $count }
result-line-large-on-board = أهرام كبيرة ما زالت على اللوحة: { $count }
result-line-medium-on-board = أهرام متوسطة ما زالت على اللوحة: { $count }
result-line-small-on-board = أهرام صغيرة ما زالت على اللوحة: { $count }
result-line-piece-up = صعود القطعة { $each }
