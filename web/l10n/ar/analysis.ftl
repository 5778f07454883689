## لوحة التحليل (web/analysis.html، web/analysis.js).

an-doc = سينيت — لوحة التحليل
an-position = الوضعية
an-position-input =
    .placeholder = تدوين الوضعية (فارغ: البداية)
an-set-up = اضبط
an-choose-throw = اختر رمية
an-every-move = كل النقلات المسموحة، الأفضل أولًا
an-undo = تراجع
an-copy = انسخ الوضعية
an-lobby = الردهة
an-player = اللاعب { $n }
an-several = أكثر من نقلة تصل إلى هناك: اختر واحدة من القائمة أدناه.
an-over = انتهت اللعبة.
an-turn =
    { $turn ->
        [throw] على { $who } أن يرمي.
       *[move] على { $who } أن يحرّك.
    }
an-turn-side =
    { $turn ->
        [throw] على { $who } ({ $side }) أن يرمي.
       *[move] على { $who } ({ $side }) أن يحرّك.
    }
an-side =
    { $side ->
        [black] الأسود
        [white] الأبيض
        [red] الأحمر
        [yellow] الأصفر
        [blue] الأزرق
       *[other] { $side }
    }
an-chance = { $who }: { $chance } %
an-throw-label = رمية { $faces }
an-option = { $move }: { $chance } % للفوز
an-option-best = { $move }: { $chance } % للفوز (الأفضل)
