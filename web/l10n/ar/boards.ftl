## كلمات اللوحات (web/boards.js)، وفرص الفوز (web/winbar.js)، والساعات (web/clock.js)،
## وأدوات الدردشة (web/chat.js).

boards-board = لوحة { $name }
boards-square-title = { $square }: { $name }. { $rule }
boards-off = خارج اللوحة
boards-off-mark = خروج
boards-borne-off = القطع المُخرجة
boards-out = خارج اللعبة
boards-west = الغرب
boards-east = الشرق
boards-colour = { $colour ->
    [red] الأحمر
    [yellow] الأصفر
    [blue] الأزرق
    [green] الأخضر
   *[other] { $colour }
}
boards-side = { $side ->
    [black] بالأسود
    [white] بالأبيض
    [red] بالأحمر
    [yellow] بالأصفر
    [blue] بالأزرق
    [green] بالأخضر
   *[other] { $side }
}
boards-lane-square = { $colour } { $square }
boards-disc = { $colour ->
    [black] قطعة سوداء
   *[white] قطعة بيضاء
}{ $unmoved ->
    [yes] {" "}(لم تتحرك بعد)
   *[no] {""}
}
boards-pyramid = { $size ->
    [large] هرم كبير
    [medium] هرم متوسط
   *[small] هرم صغير
} { $colour ->
    [black] أسود
   *[white] أبيض
}
boards-numbered = القطعة { $dots } { $colour ->
    [red] الحمراء
    [yellow] الصفراء
    [blue] الزرقاء
    [green] الخضراء
   *[other] { $colour }
}
boards-peg = { $kind ->
    [pharaoh] فرعون
   *[man] رجل
} { $colour ->
    [red] أحمر
   *[yellow] أصفر
}{ $arrived ->
    [yes] {" "}(وصل للتو)
   *[no] {""}
}
boards-stack-part = { $size ->
    [large] كبير
    [medium] متوسط
   *[small] صغير
} { $colour ->
    [red] أحمر
   *[yellow] أصفر
}
boards-stack = كومة { $stack } (من الأسفل إلى الأعلى: { $parts })
boards-comma = {"، "}
boards-owned = { $piece } ({ $whose })
boards-piece-label = { $pieces }{ $at ->
    [square] {" "}على المربع { $place }
    [off] {" "}{ $place }
    [place] {" "}على { $place }
   *[nowhere] {""}
}{ $movable ->
    [yes] {" "}— يمكنها الحركة
   *[no] {""}
}
boards-target = انتقال إلى { $place }: { $moves }
boards-target-move = { $move } ({ $count ->
    [two] النردان
   *[other] النرد
} { $dice })
boards-or = {" أو "}
boards-sticks = { $sticks } عصي، { $plain ->
    [zero] لا وجه سادة للأعلى
    [one] وجه سادة واحد للأعلى
    [two] وجهان سادة للأعلى
    [few] { $plain } أوجه سادة للأعلى
   *[other] { $plain } وجهًا سادة للأعلى
}
boards-die = النرد: { $face }
boards-dice = النردان: { $faces }

## فرص الفوز (web/winbar.js).

winbar-pct = { $pct }٪
winbar-seat = المقعد { $seat }
winbar-comma = {"، "}
winbar-label = فرص الفوز: { $list }
winbar-label-seat = { $who } { $pct }
winbar-not-known = فرص الفوز: غير معروفة بعد
winbar-wait = فرص الفوز…
winbar-chart = فرص الفوز على امتداد الدور { $game }
winbar-chart-label = فرص الفوز على امتداد الدور { $game }: { $list }
winbar-chart-seat = { $who } من { $from } إلى { $to }
winbar-loading = جارٍ التحميل…
winbar-failed = تعذّر تحميل الفرص ({ $message }).

## الساعات (web/clock.js).

clock-days = { $days } ي { $hours } س
clock-left = { $running ->
    [yes] تعمل، بقي { $time }
   *[no] بقي { $time }
}

## أدوات الدردشة (web/chat.js)، لا ما يكتبه الناس.

chat-sender = { $as ->
    [watching] { $who } (مشاهد)
    [me] أنت
   *[player] { $who }
}
chat-who = { chat-sender }:
chat-peek = { chat-sender }: { $text }
chat-peek-label = الدردشة{ $count ->
    [0] {""}
    [one] ، رسالة جديدة
    [two] ، رسالتان جديدتان
    [few] ، { $count } رسائل جديدة
   *[other] ، { $count } رسالة جديدة
}: قال { chat-sender } { $text }. اذهب إلى الدردشة.
chat-unread = { $count ->
    [one] رسالة جديدة
    [two] رسالتان جديدتان
    [few] { $count } رسائل جديدة
   *[other] { $count } رسالة جديدة
}
chat-none = لا رسائل بعد.
chat-none-spectators = لا رسائل بعد. لا يرى اللاعبون هذه الدردشة إلا إن اختاروا ذلك.
chat-spectators = دردشة المشاهدين
chat-show-spectators = أظهر دردشة المشاهدين
chat-mute = اكتم { $who }
chat-unmute = ألغِ كتم { $who }
chat-not-connected = غير متصل: لم تُرسل الرسالة.
chat-name-to-post-spectators = اختر اسمًا لتكتب في دردشة المشاهدين.
chat-error-rate-limited = رسائل كثيرة جدًا: انتظر قليلًا قبل التالية.
chat-error-chat-too-long = هذه الرسالة طويلة جدًا (300 حرف على الأكثر).
chat-error-chat-empty = لا شيء لإرساله.
chat-error-name-required = اختر اسمًا لتكتب.
chat-error-not-a-player = وحدهم اللاعبون يمكنهم ذلك.
chat-error-store-unavailable = تعذّر حفظ الرسالة؛ حاول مرة أخرى.
