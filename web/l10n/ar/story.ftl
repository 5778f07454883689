## سرد المباراة (web/story.js): ما يُروى في صفحة اللوحة وفي Senet TV وفي الإعادة.

story-piece = { $kind ->
    [white] قطعة بيضاء
    [black] قطعة سوداء
    [pharaoh] فرعون
    [man] رجل
    [small] هرم صغير
    [medium] هرم متوسط
    [large] هرم كبير
    [dots] قطعة { $dots }
   *[other] قطعة
}
story-the-piece = { $kind ->
    [white] القطعة البيضاء
    [black] القطعة السوداء
    [pharaoh] الفرعون
    [man] الرجل
    [small] الهرم الصغير
    [medium] الهرم المتوسط
    [large] الهرم الكبير
    [dots] القطعة { $dots }
   *[other] القطعة
}
story-a-piece = قطعة
story-the-stack = { story-the-piece } وعليه { $count ->
    [one] هرم واحد
    [two] هرمان
    [few] { $count } أهرام
    [many] { $count } هرمًا
   *[other] { $count } هرم
}
story-whose-piece = { $me ->
    [yes] { story-the-piece } من قطعك
   *[other] { story-the-piece } من قطع { $who }
}
story-dice = { $count ->
    [two] النردان { $dice }
   *[other] النرد { $dice }
}
story-diced = {" "}({ $dice })
story-sticks = { $sticks } عصي: { $plain ->
    [zero] لا وجه سادة للأعلى
    [one] وجه سادة واحد للأعلى
    [two] وجهان سادة للأعلى
    [few] { $plain } أوجه سادة للأعلى
   *[other] { $plain } وجهًا سادة للأعلى
}
story-stick-value = { $value } ({ $sticks })
story-faces = { $init } و{ $last }
story-coaster-east-to-west = القاعدة الشرقية إلى الطرف الغربي
story-coaster-west-to-east = القاعدة الغربية إلى الطرف الشرقي
story-button-d1 = ارمِ نردًا واحدًا
story-button-d2 = ارمِ نردين
story-button-black = العب بالأسود
story-button-white = العب بالأبيض
story-button-pass = مرِّر (أنهِ النوبة)

## ما فعلته النقلة، دون فاعلها.

story-deed-coaster = { $form ->
    [base] تحريك
    [you] حرّكتَ
   *[other] حرّك
} { $coaster } ({ $move })، { $stacks ->
    [zero] دون أن تحمل شيئًا
    [one] حاملةً كومة واحدة
    [two] حاملةً كومتين
    [few] حاملةً { $stacks } أكوام
   *[other] حاملةً { $stacks } كومة
}
story-deed-choice-d1 = { $form ->
    [base] اختيار
    [you] اخترتَ
   *[other] اختار
} رمي نرد واحد
story-deed-choice-d2 = { $form ->
    [base] اختيار
    [you] اخترتَ
   *[other] اختار
} رمي نردين
story-deed-choice-black = { $form ->
    [base] اختيار
    [you] اخترتَ
   *[other] اختار
} اللعب بالأسود
story-deed-choice-white = { $form ->
    [base] اختيار
    [you] اخترتَ
   *[other] اختار
} اللعب بالأبيض
story-deed-choice-pass = { $form ->
    [base] اختيار
    [you] اخترتَ
   *[other] اختار
} التمرير، تاركًا رميات النوبة دون استعمال
story-deed-played = { $form ->
    [base] لعب
    [you] لعبتَ
   *[other] لعب
} { $move }
story-deed-bear-off = { $form ->
    [base] إخراج
    [you] أخرجتَ
   *[other] أخرج
} { $piece } من { $from }
story-deed-move = { $form ->
    [base] تحريك
    [you] حرّكتَ
   *[other] حرّك
} { $piece } من { $from } إلى { $to }{ $via }
story-via = {" "}مرورًا بـ{ $places }
story-also-capture = { $form ->
    [base] أسر
    [you] أسرتَ
   *[other] أسر
} { $piece } على { $from }
story-also-sent-back = { $form ->
    [base] إعادة
    [you] أعدتَ
   *[other] أعاد
} { $piece } من { $from } إلى { $to }
story-also-removed = { $form ->
    [base] دفع
    [you] دفعتَ
   *[other] دفع
} { $piece } من { $from } إلى خارج اللعبة
story-also-bear-off = { $form ->
    [base] إخراج
    [you] أخرجتَ
   *[other] أخرج
} { $piece }
story-also-move = { $form ->
    [base] تحريك
    [you] حرّكتَ
   *[other] حرّك
} { $piece } من { $from } إلى { $to }
story-and = {"، و"}
story-comma = {"، و"}

## الجمل.

story-moved = { $me ->
    [yes] { $deed }
   *[other] { $who } { $deed }
}.
story-threw = { $me ->
    [yes] رميتَ
   *[other] { $who } رمى
} { $again ->
    [yes] مجددًا: { $throw }
   *[other] { $throw }
}.
story-threw-start = { $me ->
    [yes] رميتَ
   *[other] { $who } رمى
} { $throw } لتحديد البداية.
story-kept = احتُفظ بالرمية: ارمِ مجددًا قبل التحريك.
story-no-move-pooled = لا نقلة جائزة بهذه الرميات.
story-no-move = لا نقلة جائزة بهذه الرمية.
story-passed = { $me ->
    [yes] لم تستطع التحرك
   *[other] { $who } لم يستطع التحرك
}: تنتقل النوبة{ $to ->
    [you] {" "}إليك
    [other] {" "}إلى { $next }
   *[none] {""}
}.

## نسخ الوضعية.

story-copy-field = ترميز الوضعية
story-copy-none = لا وضعية بعد.
story-copied = نُسخت
story-copy-by-hand = انسخ النص المحدَّد
