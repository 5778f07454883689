## صفحة الحساب (web/account.html، web/account.js).

ac-doc = سينيت — حسابك
ac-loading = جارٍ التحقق من تسجيل دخول هذا المتصفح…
ac-sign-in = تسجيل الدخول
ac-sign-in-passkey = سجّل الدخول بمفتاح مرور
ac-passkey-hint = يطلب جهازك بصمتك أو وجهك أو رمزك السري أو مفتاح الأمان.
ac-or-password = أو بكلمة المرور
ac-username = اسم المستخدم
ac-password = كلمة المرور
ac-sign-in-password = سجّل الدخول بكلمة المرور
ac-create = أنشئ حسابًا
ac-name-hint = يرى الآخرون هذا الاسم في المباريات وفي لوحة الصدارة.
ac-create-passkey = أنشئ بمفتاح مرور
ac-no-password-hint = لا كلمة مرور لتتذكرها: يحفظ هذا الجهاز المفتاح.
ac-or-choose-password = أو اختر كلمة مرور
ac-create-password = أنشئ بكلمة مرور
ac-signed-in-as = سجّلت الدخول باسم
ac-profile = ملفك: مبارياتك وتصنيفاتك
ac-passkeys = مفاتيح المرور
ac-passkeys-none = لا مفاتيح مرور بعد.
ac-add-passkey = أضف مفتاح مرور (جهاز آخر)
ac-sign-out = سجّل الخروج
ac-sign-out-everywhere = سجّل الخروج في كل مكان
ac-sign-out-everywhere-hint = «سجّل الخروج في كل مكان» ينهي كل جلسات هذا الحساب، على كل الأجهزة، وهذا الجهاز منها.
ac-data = بياناتك
ac-download = نزّل بياناتك
ac-download-what = (JSON: حسابك ومفاتيح مرورك ومبارياتك وتصنيفاتك)
ac-delete-summary = احذف هذا الحساب
ac-delete-what = تُحذف جلساتك ومفاتيح مرورك وتصنيفاتك. تبقى مبارياتك، باسم «لاعب محذوف». لا يمكن التراجع عن هذا.
ac-delete-type-before = اكتب اسمك،
ac-delete-type-after = ، للتأكيد
ac-delete-go = احذف الحساب

ac-not-signed-in = لم يُسجَّل الدخول
ac-not-created = لم يُنشأ أي حساب
ac-not-added = لم يُضف أي مفتاح مرور
ac-not-removed = لم يُزل
ac-not-signed-out = لم يُسجَّل الخروج
ac-not-deleted = لم يُحذف
ac-try-again-in = { $words } (أعد المحاولة بعد { $secs } ث)
ac-refused-not-allowed = { $doing }: أُلغي الطلب، أو انتهت مهلته، أو لا يناسب أي مفتاح مرور في هذا الجهاز.
ac-refused-invalid-state = يحمل هذا الجهاز مفتاح مرور لهذا الحساب من قبل.
ac-refused-security = لا تعمل مفاتيح المرور على هذا العنوان ({ $host }): افتح الموقع باسمه.
ac-refused-not-supported = { $doing }: لا يستطيع هذا الجهاز إنشاء مفتاح مرور كهذا.
ac-refused-abort = { $doing }: أُلغي.
ac-unreachable = تعذّر الوصول إلى الخادم: تحقّق من الاتصال وأعد المحاولة.
ac-failed = { $doing }: { $error }
ac-ways =
    { $password ->
        [yes]
            { $passkeys ->
                [0] تسجّل الدخول بكلمة مرور.
                [one] تسجّل الدخول بكلمة مرور أو بمفتاح مرور.
                [two] تسجّل الدخول بكلمة مرور أو بأحد مفتاحَي مرور.
                [few] تسجّل الدخول بكلمة مرور أو بأحد { $passkeys } مفاتيح مرور.
               *[other] تسجّل الدخول بكلمة مرور أو بأحد { $passkeys } مفتاح مرور.
            }
       *[no]
            { $passkeys ->
                [0] ليس لديك مفتاح مرور لتسجيل الدخول.
                [one] تسجّل الدخول بمفتاح مرور.
                [two] تسجّل الدخول بأحد مفتاحَي مرور.
                [few] تسجّل الدخول بأحد { $passkeys } مفاتيح مرور.
               *[other] تسجّل الدخول بأحد { $passkeys } مفتاح مرور.
            }
    }
ac-this-browser-player = لاعب هذا المتصفح
ac-claim = يلعب هذا المتصفح باسم { $name }. مبارياتك وتصنيفاتك باسم { $name } تنتقل معك.
ac-since = عضو منذ { $date }.
ac-passkey-added = أُضيف في { $date }
ac-passkey-used = آخر استعمال في { $date }
ac-passkey-unused = لم يُستعمل بعد
ac-remove = أزِل
ac-session-ended = لم يعد هذا المتصفح مسجَّل الدخول: سجّل الدخول من جديد.
ac-enter-username = أدخل اسم المستخدم.
ac-enter-password = أدخل كلمة المرور.
ac-choose-username = اختر اسم مستخدم.
ac-choose-password-or-passkey = اختر كلمة مرور، أو أنشئ الحساب بمفتاح مرور.
ac-choose-password = اختر كلمة مرور.
ac-created-with-games = أُنشئ الحساب { $name }: انتقلت معك مبارياتك وتصنيفاتك.
ac-created = أُنشئ الحساب { $name }.
ac-claim-refused = لا يعرف الخادم لاعب هذا المتصفح { $name }، فلا يمكن أن تنتقل مبارياته معك: أنشئ الحساب من جديد لتبدأ بدونها.
ac-passkey-added-named = أُضيف مفتاح المرور: { $name }.
ac-passkey-added-plain = أُضيف مفتاح المرور.
ac-removed = أُزيل { $name }.
ac-signed-out-everywhere = سُجّل الخروج على كل الأجهزة.
ac-signed-out = سُجّل الخروج.
ac-deleted = حُذف الحساب. تبقى مبارياتك، باسم «لاعب محذوف».
ac-no-passkeys = لا يستطيع هذا المتصفح استعمال مفاتيح المرور، لذا لا تُعرض هنا إلا كلمات المرور.
ac-no-passkeys-insecure = تحتاج مفاتيح المرور إلى عنوان آمن (https، أو localhost على هذا الحاسوب)، لذا لا تُعرض هنا إلا كلمات المرور.
