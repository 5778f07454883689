## كلمات web/people.js، في كل الصفحات: صندوق التحديات، وسطر الردهة عمّن هم متصلون وقائمتها
## للاعبين الذين تتابعهم، وصندوق «الدور التالي» في بطولة. الأسماء أسماء الحسابات والبطولات كما
## يرسلها الخادم.

people-challenges =
    .aria-label = التحديات
people-rated = محتسبة في التصنيف
people-casual = ودّية
people-best-of = الأفضل في { $target }
people-first-to = أول من يبلغ { $target }
people-clock = الساعة { $rule }
people-comma = {"، "}
people-you-challenged = تحدّيتَ { $to }: { $terms }. في انتظار الرد…
people-challenges-you = { $from } يتحدّاك: { $terms }.
people-cancel = إلغاء
people-accept = اقبل تحدي { $from }
people-decline = ارفض
people-accepted-yours = قبل { $to } تحدّيك.
people-you-accepted = قبلتَ تحدي { $from }.
people-declined-yours = رفض { $to } تحدّيك.
people-you-declined = رفضتَ تحدي { $from }.
people-you-took-back = سحبتَ تحدّيك الموجّه إلى { $to }.
people-took-back = سحب { $from } التحدي.
people-go-to-board = اذهب إلى اللوحة
people-close = إغلاق
people-challenge-gone = لم يعد هذا التحدي مفتوحًا.

people-next-game = دورك التالي في { $tournament } جاهز.
people-going =
    { $secs ->
        [one] الانتقال إلى اللوحة بعد ثانية…
        [two] الانتقال إلى اللوحة بعد ثانيتين…
        [few] الانتقال إلى اللوحة بعد { $secs } ثوانٍ…
       *[other] الانتقال إلى اللوحة بعد { $secs } ثانية…
    }
people-stay = ابقَ هنا
people-waiting = دورك ينتظرك: ساعته تعمل.

people-online =
    { $online ->
        [zero] لا أحد متصل
        [one] شخص واحد متصل
        [two] شخصان متصلان
        [few] { $online } أشخاص متصلون
        [many] { $online } شخصًا متصلًا
       *[other] { $online } شخص متصل
    } · { $playing ->
        [zero] لا أدوار قيد اللعب
        [one] دور واحد قيد اللعب
        [two] دوران قيد اللعب
        [few] { $playing } أدوار قيد اللعب
        [many] { $playing } دورًا قيد اللعب
       *[other] { $playing } دور قيد اللعب
    }
people-status =
    { $status ->
        [offline] غير متصل
        [online] متصل
        [playing] يلعب
       *[other] { $status }
    }
people-watch = شاهد
