## إطار صفحة القواعد (web/rules.html، web/rules.js).

ru-doc = سينيت — القواعد
ru-doc-named = { $variant } — القواعد
ru-loading = جارٍ التحميل…
ru-no-variant = لا توجد هذه النسخة.
ru-howto-link = طريقة اللعب، للمبتدئين
