## الكلمات التي تكتبها سكربتات الردهة (web/lobby.js وweb/tournaments.js وweb/tv.js)، وكلمات
## web/common.js التي تشترك فيها سكربتات كل الصفحات، وأخطاء الخادم بحسب رموزها (web/errors.js).
## أسماء اللاعبين والمباريات والنسخ كما يرسلها الخادم.

## web/common.js

ls-account-label = حسابك: أنت مسجّل الدخول باسم { $name }
ls-copy = نسخ
ls-copied = نُسخ
ls-seat = المقعد { $seat }
ls-default-player = اللاعب { $seat }
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

# كل الرموز الأخرى التي قد يرسلها الخادم. ‎$detail: كلمات الخادم الإنجليزية، حيث لا يقول
# غيرها ما الخطأ.
error-malformed = الخادم لا يقرأ هذا الطلب: { $detail }
error-invalid = غير مقبول: { $detail }
error-bad_invite = هذه الدعوة غير صالحة لهذه المباراة
error-invite_used = استُعملت هذه الدعوة من قبل
error-too_large = ما أُرسل كبير جدًا
error-unsupported_media_type = لا يقبل الخادم إلا JSON
error-method_not_allowed = هذا العنوان لا يقبل هذا النوع من الطلبات
error-origin_not_allowed = الطلبات الآتية من صفحة موقع آخر غير مسموح بها
error-busy = الخادم مشغول؛ أعد المحاولة بعد لحظة
error-too_many_reviews = لدى عنوانك أقصى عدد من المراجعات المنتظرة؛ أعد المحاولة لاحقًا
error-game_live = لم ينته الدور بعد
error-bad_position = تعذّرت قراءة الوضعية: { $detail }
error-illegal_throw = هذه الرمية غير ممكنة هنا: { $detail }
error-illegal_move = هذه النقلة غير ممكنة هنا: { $detail }
error-tournament_over = انتهت البطولة
error-tournament_started = بدأت الجولة الأخيرة من البطولة: لم تعد تقبل لاعبين
error-wrong_credentials = هذا الاسم وكلمة المرور، أو مفتاح المرور هذا، لا يُدخلان أحدًا
error-username_taken = هذا الاسم مأخوذ، أو يشبه اسم حساب آخر: اختر اسمًا آخر
error-passkey_taken = مفتاح المرور هذا مسجّل من قبل
error-last_way_in = هذه هي الطريقة الوحيدة للدخول إلى هذا الحساب: أضف طريقة أخرى أولًا
error-ceremony_expired = انتهت مهلة طلب مفتاح المرور: ابدأ من جديد
error-account_closed = أغلق أحد المشرفين هذا الحساب
error-forbidden = لا يفعل ذلك إلا مشرف
error-passkey_refused = مفتاح المرور غير صالح: { $detail }
error-silenced = أسكت أحد المشرفين هذا الحساب
error-challenge_refused = هذا اللاعب لا يقبل تحدياتك
error-too_many_challenges = لديك أقصى عدد من التحديات المنتظرة للرد: ألغِ أحدها أولًا
error-binary_not_supported = لا يقبل الاتصال إلا رسائل نصية
error-too_many_spectators = لدى هذه المباراة أقصى عدد من المشاهدين
error-hello_first = يجب أن يبدأ الاتصال بالتحية
error-hello_timeout = لم يُلقِ الاتصال التحية في الوقت
error-already_hello = ألقى الاتصال التحية من قبل
error-bad_token = هذا الرابط أو المقعد ليس من هذه المباراة
error-spectator_key_required = هذه المباراة خاصة: مشاهدتها تحتاج إلى رابط المشاهدة
error-spectator = لا يستطيع المشاهدون التصرف في المباراة
error-stale_seq = هذا الطلب أقدم من أن يُجاب
error-not_started = لم يبدأ الدور
error-already_started = بدأ الدور من قبل
error-game_over = انتهى الدور
error-wrong_game = كان ذلك لدور آخر من المباراة
error-game_not_over = لم ينته الدور
error-match_over = انتهت المباراة
error-not_idle = هذا اللاعب ليس غائبًا
error-seeds_closed = أُغلقت بذور النرد: تمّت الرمية الأولى
error-seed_given = أعطيت بذرة النرد من قبل
error-bad_seed = بذرة النرد من 0 إلى 64 حرفًا أو رقمًا أو - أو _
error-not_absent = هذا اللاعب ليس غائبًا
error-too_early = مبكر جدًا: انتظر قليلًا بعد
error-out_of_time = نفد وقتك
error-clock_decides = لهذه المباراة ساعة: الساعة هي التي تقرر متى ينتهي الوقت
error-time_left = ما زال لدى اللاعب الذي عليه الدور وقت
error-bad_setup = إعدادات المباراة لا تسمح ببدء دور: { $detail }
error-store_unavailable = تعذّر على الخادم حفظ ذلك: أعد المحاولة بعد لحظة
error-store_inconsistent = المباراة متوقفة بسبب مشكلة في الخادم
error-unavailable = لا يستطيع الخادم الرد الآن؛ أعد المحاولة لاحقًا
error-internal = حدث خطأ في الخادم
error-chat_empty = الرسالة فارغة
error-chat_too_long = الرسالة طويلة جدًا: 300 حرف على الأكثر
error-name_required = اختر اسمًا لتشارك في الدردشة
error-not_a_player = لا يفعل ذلك إلا لاعب
error-match_moved = انتقلت المباراة إلى خادم آخر؛ جارٍ إعادة الاتصال
error-no_requests = هذا الاتصال يستمع فقط
error-not_your_turn = ليس دورك
error-must_throw_first = ارمِ أولًا
error-no_such_piece = ليست لك قطعة هناك
error-no_such_die = لا يوجد نرد كهذا لتلعبه
error-occupied_by_own = إحدى قطعك هناك
error-protected = هذه القطعة محمية
error-off_path = هذا يخرج عن المسار
error-cannot_bear_off = لا تستطيع هذه القطعة الخروج
error-must_bear_off_first = يجب أن تُخرج قطعة أولًا
error-must_move_forced_piece = يجب أن تتحرك قطعة أخرى
error-must_use_all_dice = يجب أن تستعمل كل نرد ممكن
error-must_wait = يجب أن تنتظر هذه القطعة
error-no_backward = لا يجوز لهذه القطعة الرجوع إلى الوراء
error-illegal_stack = لا يمكن تكديس القطع بهذه الطريقة
error-trapped = هذه القطعة محاصرة
error-not_legal = هذه النقلة غير مسموحة

# السبب تحت الرمز: حقل reason من الخادم (docs/protocol.md، "Reasons")، يُقال بأرقامه
# ($min و$max و$seat) بدل كلمات الخادم الإنجليزية في $detail. والنقلة غير المسموحة بسبب من
# أسباب المحرّك تُقال بكلمات stuck.ftl (أو برسالتها error-<السبب>).
error-invalid-name_too_long = لا يتجاوز عدد أحرف الاسم { $max }
error-invalid-name_control = لا يجوز أن يحوي الاسم محارف تحكّم ولا علامات اتجاه الكتابة
error-invalid-name_invisible = يحتاج الاسم إلى حرف ظاهر واحد على الأقل
error-invalid-name_like_seat = اسم الدردشة هذا يشبه اسم المقعد { $seat }: اختر اسمًا آخر
error-invalid-username_too_short = لا يقلّ عدد أحرف اسم الحساب عن { $min }
error-invalid-password_too_short = لا يقلّ عدد أحرف كلمة المرور عن { $min }
error-invalid-password_too_long = لا يتجاوز حجم كلمة المرور { $max } بايت
error-invalid-player_count = تُلعب هذه النسخة من { $min } إلى { $max } لاعبين
error-invalid-series_target = تضمّ السلسلة من { $min } إلى { $max } أدوار
error-invalid-too_many_bots = لا يتجاوز عدد لاعبي الحاسوب { $max }: المقعد الأول لك
error-invalid-bot_level = لاعب الحاسوب سهل أو متوسط أو صعب
error-invalid-clock_base = لا يتجاوز الوقت الأول في الساعة { $max } ثانية
error-invalid-clock_increment = لا تضيف الساعة أكثر من { $max } ثانية لكل نقلة
error-invalid-clock_days = تمنح ساعة المراسلة من يوم واحد إلى { $max } أيام لكل نقلة
error-invalid-rated_sign_in = المباراة المحتسبة في التصنيف تكون بين حسابات: سجّل الدخول أولًا
error-invalid-rated_public = المباراة المحتسبة في التصنيف تكون علنية
error-invalid-range_order = أدنى تصنيف في النطاق لا يتجاوز أعلاه
error-invalid-two_players = هذا للمباريات بين لاعبَين فقط
error-invalid-challenge_no_bots = التحدي بين لاعبَين، بلا حاسوب
error-invalid-challenge_self = لا يمكنك أن تتحدى نفسك
error-invalid-follow_self = لا يمكنك أن تتابع نفسك
error-invalid-block_self = لا يمكنك أن تحظر نفسك
error-invalid-report_why = اذكر السبب، في حرف واحد إلى { $max } حرفًا
error-invalid-report_match = لا توجد هذه المباراة للإبلاغ عنها
error-invalid-delete_confirm = لحذف الحساب، اكتب اسمه تمامًا كما هو مكتوب
error-invalid-unknown_player_key = لاعب هذا المتصفح غير معروف هنا (أو ضمّه حساب): أعد تحميل الصفحة
error-invalid-tournament_clock = مباريات البطولة تُلعب بساعة لها وقت لكل مباراة
error-invalid-arena_terms = تدوم بطولة الأرينا من دقيقة واحدة إلى { $max } دقيقة، بلا جولات
error-invalid-swiss_terms = تضمّ البطولة بالنظام السويسري من جولة واحدة إلى { $max } جولة، بلا مدة
error-invalid-tournament_kind = البطولة إما أرينا وإما بالنظام السويسري
error-bad_position-position_too_long = لا يتجاوز عدد محارف الوضعية { $max }
error-bad_position-position_unreadable = هذه ليست وضعية مكتوبة بتدوين هذه النسخة
error-bad_position-position_impossible = لا يمكن أن تحدث هذه الوضعية في هذه النسخة
error-illegal_throw-no_throw_due = الوضعية لا تنتظر رمية
error-illegal_throw-throw_faces = لا يمكن أن تُظهر النرد هذه الرمية هنا
error-illegal_move-no_move_due = الوضعية لا تنتظر نقلة
error-illegal_move-move_unreadable = هذه ليست نقلة مكتوبة بتدوين هذه النسخة
error-illegal_move-throw_and_move = رمية أو نقلة، لا كلتاهما
error-passkey_refused-passkey_unverified = تعذّر التحقق من جواب مفتاح المرور: حاول مرة أخرى
error-bad_setup-setup_players = تُلعب هذه النسخة من { $min } إلى { $max } لاعبين
