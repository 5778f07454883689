## الملاحظات تحت اللوحة: ما في الوضع مما لا ترسمه اللوحة.

notes-separator = {" · "}
notes-list-separator = {"، "}
notes-group-separator = {"؛ "}
notes-number = { $number }
notes-side-count = { $side ->
    [black] الأسود
    [white] الأبيض
    [red] الأحمر
    [yellow] الأصفر
    [blue] الأزرق
    [green] الأخضر
   *[other] { $side }
} { $count }
notes-side-sizes = { $side ->
    [black] الأسود
   *[white] الأبيض
} { $sizes }
notes-size = { $size ->
    [large] كبير
    [medium] متوسط
   *[small] صغير
}
notes-none = لا شيء
notes-borne-off = القطع الخارجة: { $sides }
notes-sizes-borne-off = الأهرام الخارجة: { $sides }
notes-captured = القطع المأسورة: { $sides }
notes-piece = { $side ->
    [red] الأحمر
    [yellow] الأصفر
    [blue] الأزرق
   *[green] الأخضر
} { $piece }
notes-pieces-up = القطع الصاعدة: { $pieces } (الثالثة تُنهي اللعبة)
notes-no-pieces-up = القطع الصاعدة: لا شيء بعد (الثالثة تُنهي اللعبة)
notes-waiting-for-one = رجلٌ ينتظر رمية 1 ليغادر صفّ السنت
notes-no-waiting-for-one = لا أحد ينتظر رمية 1
notes-quiet-turns = الأدوار منذ آخر أسر: { $turns } (تعادل عند { $limit })
notes-dice-to-play = الزهر الباقي للعب: { $dice }
notes-die = الزهر: { $die }
notes-needs-one = { $side ->
    [black] الأسود يحتاج
   *[white] الأبيض يحتاج
} إلى رمية 1 ليبدأ التحرك
notes-throws-to-play = الرميات الباقية للعب: { $throws }
notes-throws-kept = الرميات المحفوظة: { $throws }
notes-back-from-water = قطعة { $side ->
    [black] الأسود
   *[white] الأبيض
} على { $square } عادت من الماء ويجب أن تتحرك تاليًا
notes-loses-turn = { $side ->
    [black] الأسود يخسر
   *[white] الأبيض يخسر
} دوره التالي
