## صفحة اللوحة (/m/{id}): كلماتها وما يكتبه match.js حول اللوحة.

board-doc = مباراة سينيت
board-connecting = جارٍ الاتصال…
board-sound = 🔊 الصوت
board-confirm-moves = تأكيد النقلات
board-keys-open = ⌨ المفاتيح
board-keys-title = المفاتيح
board-keys-close = إغلاق
board-story =
    .aria-label = ما جرى
board-choices =
    .aria-label = النقلات الجائزة
board-type-move = اكتب نقلة
board-move-go = العب
board-copy-position = انسخ الوضعية
    .title = ترميز الوضعية، للصقه في لوحة التحليل
board-analyse-final = حلّل الوضعية الأخيرة
board-moves-summary = النقلات، نوبةً بنوبة
board-chat =
    .aria-label = الدردشة
board-chat-list =
    .aria-label = رسائل الدردشة
board-chat-name = اسمك في الدردشة
board-chat-use-name = استخدم هذا الاسم
board-chat-input =
    .aria-label = رسالة الدردشة
    .placeholder = قل شيئًا…
board-chat-send = أرسل
board-chat-canned =
    .aria-label = عبارات جاهزة
board-say-good-luck = حظًا موفقًا!
    .data-say = حظًا موفقًا!
board-say-well-played = أحسنت اللعب!
    .data-say = أحسنت اللعب!
board-say-thanks = شكرًا!
    .data-say = شكرًا!

## يكتبها match.js.

board-back-tournament = العودة إلى البطولة
board-sound-on = ♪ الصوت مفعّل
board-sound-off = ♪ الصوت مكتوم
board-conn-open-seat = تلعب في المقعد { $seat }
board-conn-watching = تشاهد
board-conn-reconnecting = انقطع الاتصال — إعادة المحاولة بعد { $seconds } ث
board-conn-closed = غير متصل
board-conn-restarting = الخادم يُعاد تشغيله…
board-title = { $name } · الدور { $game }
board-doc-your-move = ▶ نقلتك
board-status-seeds = جارٍ جمع بذور النرد قبل الرمية الأولى…
board-status-throw-you = ترمي الآن…
board-status-throw = { $name } يرمي…
board-status-to-move = النقلة على { $name }.
board-status-game-over = انتهى الدور { $game }.
board-your-move-board = نقلتك: اختر قطعة، ثم مربعًا مضاءً.
board-your-move-buttons = نقلتك: { $what } بالأزرار أدناه.
board-your-move-both = نقلتك: اختر قطعة، ثم مربعًا مضاءً، أو { $what } بالأزرار أدناه.
board-what-dice = ارمِ نردًا واحدًا أو اثنين
board-what-colour = اختر لونك
board-what-coaster = حرّك قاعدة
board-what-choose-one = اختر واحدة
board-what-choose = اختر
board-side = يلعب { $side }
board-side-undecided = الجانب لم يُحدَّد بعد
board-you = (أنت)
board-online = متصل
board-offline = غير متصل
board-points = { $count ->
    [one] نقطة
    [two] نقطتان
    [few] نقاط
   *[other] نقطة
}
# The comma before a player's games won.
board-comma = {"، "}
board-won = { $count ->
    [zero] لم يفز بأي دور
    [one] فاز بدور واحد
    [two] فاز بدورين
    [few] فاز بـ{ $count } أدوار
    [many] فاز بـ{ $count } دورًا
   *[other] فاز بـ{ $count } دور
}
board-watching = { $count ->
    [zero] لا مشاهدين
    [one] مشاهد واحد
    [two] مشاهدان
    [few] { $count } مشاهدين
    [many] { $count } مشاهدًا
   *[other] { $count } مشاهد
}
board-clock = الساعة
board-resign = استسلم
board-resign-really = أتستسلم حقًا؟
board-claim-in = { $name } غائب: يمكن المطالبة بعد { $seconds } ث
board-claim = طالب بالفوز: { $name } غائب
board-error-not-your-turn = ليست نوبتك.
board-error-not-legal = هذه النقلة غير مسموح بها الآن.
board-error-spectator = لا يمكن للمشاهدين اللعب.
board-error-rate-limited = رسائل كثيرة جدًا — تمهّل.
board-error-bad-token = رمز هذا المقعد غير صالح لهذه المباراة.
board-error-spectator-key-required = هذه المباراة خاصة: تحتاج إلى رابط المشاهدة الخاص بها.
board-error-store-unavailable = تعذّر حفظ النقلة؛ حاول مرة أخرى.
board-error-not-absent = اللاعب الآخر ما زال متصلًا.
board-error-too-early = من المبكر المطالبة: قد يعود اللاعب الآخر.
board-typed-pending = نقلتك في طريقها.
board-typed-several = «{ $text }» تدل على { $count ->
    [two] نقلتين
    [few] { $count } نقلات
   *[other] { $count } نقلة
}: اكتب إحداها: { $moves }.
board-typed-illegal = «{ $text }» ليست نقلة جائزة الآن. الجائزة: { $moves }.

## قائمة المفاتيح.

board-key-help = أظهر هذه القائمة أو أخفها
board-key-move = اكتب نقلة (يبقى التركيز هناك لنقلتك التالية)
board-key-board = اللوحة: أول قطعة فيها يمكنها أن تتحرك
board-key-arrows = على اللوحة: القطعة أو الهدف السابق أو التالي
board-key-enter = على اللوحة: ارفع قطعة، أو العب الهدف الذي تذهب إليه
board-key-escape = ضع القطعة؛ أغلق سؤالًا أو هذه القائمة
board-key-log = النقلات، نوبةً بنوبة
board-key-chat = الدردشة

## بجانب نرد الرمية.

board-throw-again = مرة أخرى
board-throw-no-move = لا نقلة جائزة
board-throw-kept = محسوبة: ارمِ مجددًا
board-throw-decided = للبداية

## أخذ مقعد، ومباراة غير موجودة.

board-join-title = انضم إلى هذه المباراة
board-join-name = الاسم
board-join-name-placeholder = اسمك
board-join-go = خذ المقعد
board-join-invite-used = استُعملت هذه الدعوة من قبل.
board-join-failed = تعذّر الانضمام: { $message }
board-join-your-seat = اذهب إلى مقعدك
board-join-summary = { $name } — { $variant }، { $players ->
    [two] لاعبان
    [few] { $players } لاعبين
   *[other] { $players } لاعب
}.
board-how-to-play = طريقة اللعب
board-rules = القواعد
board-scoreboard = لوحة النتائج
board-spectator-view = عرض المشاهدة
board-private = مباراة خاصة
board-no-such-match = لا توجد مباراة كهذه.
board-no-such-match-why = ربما كُتب الرابط خطأً، أو لم تُنشأ المباراة هنا قط.
board-to-lobby = اذهب إلى الردهة
board-gone-expired = انتهت صلاحية هذه المباراة: لم تُشغل كل مقاعدها في الوقت.
board-gone-over = انتهت هذه المباراة.
board-gone-scoreboard = النتائج والإعادات
board-back-lobby = العودة إلى الردهة

## غرفة الانتظار.

board-waiting = في انتظار اللاعبين: شُغل { $taken } من { $seats } مقاعد
board-waiting-invites = أرسل كل دعوة إلى لاعب واحد (كل دعوة تصلح مرة واحدة):
board-invite-for = دعوة للمقعد { $seat }
board-waiting-share = شارك رابط الدعوة الذي أُنشئت به المباراة؛ يبدأ الدور حين تُشغل كل المقاعد.
board-spectator-link = رابط المشاهدة

## جمل السرد للأحداث التي لا يرويها story.js.

board-said-game-started = يبدأ الدور { $game }.
board-said-resigned = { $me ->
    [yes] استسلمتَ.
   *[other] { $who } استسلم.
}
board-said-timed-out = { $me ->
    [yes] نفد وقتك.
   *[other] نفد وقت { $who }.
}
board-said-claimed = { $me ->
    [yes] طالبتَ بالدور
   *[other] { $who } طالب بالدور
}: كان { $against } غائبًا.
board-said-abandoned = لم يتحرك أحد عن { $against } مدة طويلة جدًا: يُحكم بالدور { $me ->
    [yes] عليك
   *[other] على { $against }
}.
board-said-rematch = { $me ->
    [yes] طلبتَ الدور التالي.
   *[other] { $who } طلب الدور التالي.
}
board-said-match-won = انتهت المباراة: { $me ->
    [yes] فزتَ بالسلسلة.
   *[other] { $who } فاز بالسلسلة.
}
board-said-match-no-one = انتهت المباراة: لم يفز أحد بالسلسلة.
board-out-claimed = { $againstMe ->
    [yes] كنتَ غائبًا
   *[other] كان { $against } غائبًا
} و{ $me ->
    [yes] طالبتَ بالدور.
   *[other] طالب { $who } بالدور.
}
board-out-abandoned = لم يتحرك أحد عن { $against } مدة طويلة جدًا.
board-end-no-move = { $me ->
    [yes] لم تستطع التحرك بـ{ $throw } فخرجتَ.
   *[other] { $who } لم يستطع التحرك بـ{ $throw } فخرج.
}
board-end-move-limit = بُلغ الحد الأقصى للنقلات.
board-end-won = { $me ->
    [yes] فزتَ
   *[other] { $who } فاز
} بالدور { $game }، آخذًا { $points ->
    [zero] لا نقاط
    [one] نقطة واحدة
    [two] نقطتين
    [few] { $points } نقاط
    [many] { $points } نقطة
   *[other] { $points } نقطة
}.
board-end-draw = انتهى الدور { $game } بالتعادل.
board-notice-you-threw = (رميتَ { $throw }.)

## قائمة النقلات، والنقلات المعروضة، وسؤال النقلة.

board-act-throw = ({ $faces })
board-act-throw-no-move = ({ $faces }: لا نقلة)
board-act-throw-kept = ({ $faces }، محفوظة)
board-act-passes = يمرّر
board-earlier = النقلات السابقة:
board-full-record = السجل الكامل
board-move-coaster = حرّك { $coaster } ({ $move })
board-moves-of = نقلات القطعة على { $place }:
board-choose = اختر:
board-all-moves-label = كل النقلات الجائزة
board-all-moves = كل النقلات الجائزة ({ $count })
board-confirm-ask = أتلعب { $move }؟
board-confirm-go = العب
board-confirm-cancel = إلغاء
board-move-not-your-turn = ليست نوبتك
board-piece-owner = { $me ->
    [yes] لك
   *[other] لـ{ $who }
}
board-not-yours = هذه القطعة { $owners }: حرّك قطعك أنت.
board-owner = لـ{ $who }
board-owner-and = {" و"}
board-no-move-now = لا نقلة جائزة لهذه القطعة الآن.
board-act-off = خارج
