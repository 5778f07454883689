## صفحة القواعد (/rules/{variant}): كلماتها وما يكتبه rules.js حول النص.

rules-page-doc = سينيت — القواعد
rules-loading = جارٍ التحميل…
rules-doc = { $variant } — القواعد
rules-notes-doc = { $variant } — ملاحظات للمطوّرين
rules-howto-link = طريقة اللعب، للمبتدئين
rules-notes-link = ملاحظات للمطوّرين (بالإنجليزية)
rules-players-link = القواعد، للّاعبين
rules-missing = لا توجد هنا قواعد لهذه النسخة.
