## كلمات تشترك فيها كل الصفحات: الترويسة، واختيار اللغة، وصفحات «غير موجود»، وأسماء شروط المباراة.

header-tagline = لعبة العبور، على الإنترنت
header-sign-in = تسجيل الدخول
header-account = الحساب
back-to-lobby = العودة إلى الردهة

lang-switch =
    .aria-label = اللغة
    .title = اللغة

missing-match-doc = سينيت — لا توجد هذه المباراة
missing-match-title = لا توجد هذه المباراة
missing-match-detail = لا توجد مباراة على هذا العنوان: ربما كُتب الرابط خطأً أو نُقص منه شيء.
missing-variant-doc = سينيت — لا توجد هذه النسخة
missing-variant-title = لا توجد هذه النسخة
missing-variant-detail = لا توجد هنا قواعد لهذه النسخة.
missing-page-doc = سينيت — لا توجد هذه الصفحة
missing-page-title = لا توجد هذه الصفحة
missing-page-detail = لا يوجد شيء على هذا العنوان: ربما كُتب الرابط خطأً أو صار قديمًا.

field-variant = النسخة
field-games = الأدوار
field-players = اللاعبون
field-clock = الساعة
field-opponent = الخصم
field-series = السلسلة
field-rated = محتسبة في التصنيف

series-one = دور واحد
series-best-of-3 = الأفضل في 3
series-best-of-5 = الأفضل في 5
series-best-of = الأفضل في
series-first-to = أول من يبلغ

clock-none = بلا ساعة
clock-3-2-explained = 3+2 (دقائق + ثوانٍ لكل نقلة)
clock-days-1 = يوم واحد لكل نقلة
clock-days-3 = 3 أيام لكل نقلة
clock-days-7 = 7 أيام لكل نقلة

level-easy = سهل
level-medium = متوسط
level-hard = صعب

bot-name = الحاسوب ({ $level })
bot-name-numbered = الحاسوب { $seat } ({ $level })
bot-short-easy = حاسوب سهل
bot-short-medium = حاسوب متوسط
bot-short-hard = حاسوب صعب
bot-short-numbered = حاسوب { $seat }

header-analysis = لوحة التحليل
header-history = سجل اللاعب
header-replay = إعادة العرض
header-rules = القواعد
header-scoreboard = لوحة النتائج
header-tournament = البطولة
header-howto = طريقة اللعب

match-default-name = مباراة { $variant }
