## إعادة عرض الدور (web/replay.html، web/replay.js). سرد الرميات والنقلات من web/story.js.

rp-doc = سينيت — إعادة العرض
rp-dice-check = التحقق من النرد
rp-checking = جارٍ التحقق…
rp-every-throw = كل الرميات
rp-first =
    .aria-label = الأول
rp-prev =
    .aria-label = السابق
rp-step =
    .aria-label = الحدث
rp-next =
    .aria-label = التالي
rp-last =
    .aria-label = الأخير
rp-copy-position = انسخ الوضعية
    .title = تدوين الوضعية، لتلصقه في لوحة التحليل
rp-analyse = حلّل هذه الوضعية
rp-moves = النقلات
rp-review = المراجعة
rp-review-go = راجع هذا الدور
rp-review-what = كل قرار مقيَّم بما كلّفه من فرص الفوز، وحظ كل رمية.
rp-chat-section =
    .aria-label = الدردشة
rp-chat-title = دردشة المباراة

rp-title = إعادة عرض الدور { $game } ({ $variant })
rp-no-game-title = لا يوجد هذا الدور
rp-no-game = ليس لهذه المباراة دور رقم { $game }، أو لا توجد هذه المباراة.
rp-cannot-load = تعذّر تحميل الدور: { $error }
rp-lobby = الردهة
rp-match = المباراة
rp-raw = السجل الخام (JSON)
rp-whose = لـ{ $name }
rp-where = الحدث { NUMBER($n, useGrouping: 0) } من { NUMBER($of, useGrouping: 0) }
rp-threw = رمى { $name }{ " " }
rp-no-positions = لا يحمل هذا السجل وضعيات.
rp-passes = يمرّر
rp-off = خارج
rp-ev-thrown = الرمية { $n }: { $sentence }
rp-ev-over-won =
    { $points ->
        [zero] انتهى الدور: فاز { $name } ({ $how }، بلا نقاط)
        [one] انتهى الدور: فاز { $name } ({ $how }، نقطة واحدة)
        [two] انتهى الدور: فاز { $name } ({ $how }، نقطتان)
        [few] انتهى الدور: فاز { $name } ({ $how }، { $points } نقاط)
       *[other] انتهى الدور: فاز { $name } ({ $how }، { $points } نقطة)
    }
rp-ev-over-draw =
    { $points ->
        [zero] انتهى الدور: تعادل ({ $how }، بلا نقاط)
        [one] انتهى الدور: تعادل ({ $how }، نقطة واحدة)
        [two] انتهى الدور: تعادل ({ $how }، نقطتان)
        [few] انتهى الدور: تعادل ({ $how }، { $points } نقاط)
       *[other] انتهى الدور: تعادل ({ $how }، { $points } نقطة)
    }
rp-end =
    { $reason ->
        [completed] لُعب حتى النهاية
        [resigned] بالاستسلام
        [no_move] لا نقلة ممكنة
        [move_limit] حدّ النقلات
        [timeout] بانتهاء الوقت
       *[other] { $reason }
    }
rp-ev-resigned = استسلم { $name }.
rp-ev-timed-out = نفد وقت { $name }.
rp-ev-claimed = طالب { $name } بالدور: كان { $against } غائبًا.
rp-ev-abandoned = لم يحرّك أحد عن { $against } مدة طويلة جدًا: احتُسب الدور ضده.
rp-ev-rematch = طلب { $name } الدور التالي.
rp-ev-client-seed = أعطى { $name } بذرة النرد «{ $seed }»
rp-ev-started = يبدأ الدور { $game }؛ الالتزام { $commitment }
rp-ev-other-by = { $kind } من { $name }

rp-class =
    { $class ->
        [inaccuracy] عدم دقة (?!)
        [mistake] خطأ (?)
        [blunder] خطأ فادح (??)
       *[good] جيد
    }
rp-act-review = { " " }المراجعة: { $class }.
rp-outlined = محاطة بإطار
rp-outlined-chance = محاطة بإطار، { $chance } % للفوز
rp-arrow-chance = السهم، { $chance } %
rp-line-best = { $name } { $played }: أفضل نقلة، { $chance } % للفوز.
rp-line = { $name } { $played }. الأفضل كان: { $best }. الكلفة { $cost } نقطة: { $class }.
rp-jump = { $name } { $played }: { $class }، { $cost } نقطة؛ الأفضل كان: { $best }.
rp-review-next = التالي في طابور المراجعات…
rp-review-waiting = في طابور المراجعات: المركز { $place } من { $of }…
rp-review-progress = تقدّم المراجعة
rp-reviewing = جارٍ مراجعة كل قرار…
rp-review-asking = جارٍ طلب المراجعة…
rp-review-not-over = لم ينته الدور: يُراجَع الدور بعد انتهائه.
rp-review-failed = تعذّرت المراجعة: { $error }.
rp-review-about = كلفة القرار هي فرصة الفوز التي فرّط فيها مقارنةً بأفضل نقلة، بالنقاط: عدم الدقة من { $inaccuracy }، والخطأ من { $mistake }، والخطأ الفادح من { $blunder }. والحظ هو ما غيّرته الرميات قبل أي اختيار.
rp-col-player = اللاعب
rp-col-decisions = القرارات
rp-col-decisions-short = قرارات
rp-col-inaccuracies = عدم الدقة
rp-col-mistakes = الأخطاء
rp-col-blunders = الأخطاء الفادحة
rp-col-average = متوسط الكلفة
rp-col-average-short = متوسط
rp-col-luck = الحظ
rp-pts = { $pts } نقطة
rp-review-clean = لا عدم دقة ولا خطأ ولا خطأ فادح: كل قرار بقي ضمن الحدود.
rp-chart-title = انقر للانتقال إلى تلك اللحظة من الدور

rp-verify-pending = لم ينته الدور: ما زالت بذرة الخادم سرية، فلا يمكن التحقق من النرد بعد.
rp-verify-moves = لا يُتحقق من النقلات في المتصفح: يعيد { $command } لعبها عبر المحرّك.
rp-verified = ✔ تحقّق في متصفحك: SHA-256 للبذرة المكشوفة يطابق الالتزام، وكل الرميات ({ NUMBER($count, useGrouping: 0) }) تطابق البذرة.
rp-not-verified = ✘ لم يُتحقق: { $why }.
rp-not-verified-throws = ✘ لم يُتحقق: { $why } ({ NUMBER($bad, useGrouping: 0) } من { NUMBER($count, useGrouping: 0) } رمية مختلفة).
rp-throw-check = الرمية { NUMBER($n, useGrouping: 0) }: { $claimed } — المتوقع { $expected } { $mark }
rp-check-failed = تعذّر إجراء التحقق: { $error }
rp-verify-malformed = السجل ليس سجل دور
rp-verify-too_many_events = يحمل السجل أحداثًا كثيرة جدًا
rp-verify-too_many_throws = يحمل السجل رميات كثيرة جدًا
rp-verify-bad_game_started = حدث game_started في السجل مفقود أو في غير مكانه أو مكرر
rp-verify-game_mismatch = حدث ينتمي إلى دور آخر
rp-verify-game_id_mismatch = يسمّي game_started معرّف دور غير معرّف السجل
rp-verify-setup_mismatch = نسخة game_started أو إعداداته أو مقاعده تختلف عن السجل
rp-verify-bad_seats = مقاعد السجل ليست كل مقعد مرة واحدة
rp-verify-commitment_mismatch = التزام السجل ليس الذي نشره game_started
rp-verify-bad_seat = بذرة لاعب تسمّي مقعدًا لا يلعب
rp-verify-client_seed_late = جاءت بذرة لاعب بعد الرمية الأولى
rp-verify-client_seed_repeated = أعطى مقعد بذرة ثانية
rp-verify-bad_client_seed = بذرة لاعب ليست من 0 إلى 64 حرفًا أو رقمًا أو - أو _
rp-verify-client_seed_mismatch = بذور اللاعبين تختلف عن السجل
rp-verify-bad_game_over = في السجل حدث game_over ثانٍ
rp-verify-seed_mismatch = البذرة المكشوفة ليست بذرة السجل
rp-verify-bad_seed = البذرة ليست 64 رقمًا ست عشريًا بأحرف صغيرة
rp-verify-bad_spec = رمية تطلب عدد نرد لا تملكه أي رمية
rp-verify-throw_numbering = الرميات ليست مرقمة 1، 2، 3، … بالترتيب
rp-verify-commitment_not_seed = SHA-256 للبذرة ليس الالتزام
rp-verify-faces_mismatch = أوجه رمية ليست التي تعطيها البذرة

rp-chat-who = { $name }:
rp-chat-watching = { $name } (يشاهد):
rp-nobody-chatted = لم يدردش أحد.
