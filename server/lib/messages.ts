import type { Locale } from '../../contract/constants'

/**
 * The server's messages, keyed by their English text (the same convention as the PWA's Lingui
 * catalogs: the source message is the id). Validation messages written in contract/ schemas are
 * looked up here too, so a field error reaches the shopper in their language.
 */
const CATALOG: Record<string, { zh_tw: string; ja: string }> = {
  'The given data was invalid.': { zh_tw: '輸入的資料有誤。', ja: '入力内容に誤りがあります。' },
  'The requested resource was not found.': { zh_tw: '找不到您要的資料。', ja: 'お探しのデータが見つかりません。' },
  'Product not found.': { zh_tw: '找不到這項商品。', ja: '商品が見つかりません。' },
  'Trend group not found.': { zh_tw: '找不到這個主題。', ja: '特集が見つかりません。' },
  'Oops...Something went wrong': { zh_tw: '糟糕…發生了一些問題', ja: '申し訳ありません、問題が発生しました' },
  'Only TWD is supported.': { zh_tw: '目前僅支援新台幣（TWD）。', ja: '現在は新台湾ドル（TWD）のみ対応しています。' },
  'must be a whole number': { zh_tw: '必須是整數', ja: '整数で入力してください' },
  'must be a city slug': { zh_tw: '城市代碼格式不正確', ja: '都市コードの形式が正しくありません' },
  'is too large': { zh_tw: '數值過大', ja: '値が大きすぎます' },
  'is too small': { zh_tw: '數值過小', ja: '値が小さすぎます' },
  'is too long': { zh_tw: '長度過長', ja: '長すぎます' },
  'is not one of the allowed values': { zh_tw: '不是允許的值', ja: '許可されていない値です' },
  'Please Log In.': { zh_tw: '請先登入。', ja: 'ログインしてください。' },
  'Wrong e-mail or password.': { zh_tw: '電子郵件或密碼錯誤。', ja: 'メールアドレスまたはパスワードが正しくありません。' },
  'Wrong account or password too many times; please try again later.': {
    zh_tw: '帳號或密碼錯誤次數過多，請稍後再試。',
    ja: 'アカウントまたはパスワードの誤りが多すぎます。しばらくしてから再度お試しください。',
  },
  'Too many requests; please wait a moment and try again.': { zh_tw: '請求次數過多，請稍候再試。', ja: 'リクエストが多すぎます。しばらくしてから再度お試しください。' },
  'Please wait before asking for another mail.': { zh_tw: '請稍候再重新寄送。', ja: '再送信まで少々お待ちください。' },
  'This link is not valid; please ask for a new one.': { zh_tw: '此連結無效，請重新申請。', ja: 'このリンクは無効です。もう一度お申し込みください。' },
  'The password reset link has expired.': { zh_tw: '重設密碼連結已過期。', ja: 'パスワード再設定リンクの有効期限が切れています。' },
  'This e-mail is already verified.': { zh_tw: '此電子郵件已完成驗證。', ja: 'このメールアドレスは確認済みです。' },
  'This sign-in method is not offered.': { zh_tw: '目前不提供這種登入方式。', ja: 'このログイン方法はご利用いただけません。' },
  'is required': { zh_tw: '此欄位為必填', ja: '必須項目です' },
  'may be at most 28 characters': { zh_tw: '最多 28 個字元', ja: '28文字以内で入力してください' },
  'may be at most 12 characters': { zh_tw: '最多 12 個字元', ja: '12文字以内で入力してください' },
  'may be at most 7 characters': { zh_tw: '最多 7 個字元', ja: '7文字以内で入力してください' },
  'may be at most 20 characters': { zh_tw: '最多 20 個字元', ja: '20文字以内で入力してください' },
  'may be at most 40 characters': { zh_tw: '最多 40 個字元', ja: '40文字以内で入力してください' },
  'must be at least 6 characters': { zh_tw: '至少需要 6 個字元', ja: '6文字以上で入力してください' },
  'must be at least 8 characters': { zh_tw: '至少需要 8 個字元', ja: '8文字以上で入力してください' },
  'must be a valid e-mail address': { zh_tw: '請輸入有效的電子郵件', ja: '有効なメールアドレスを入力してください' },
  'must be a date (yyyy-MM-dd)': { zh_tw: '日期格式須為 yyyy-MM-dd', ja: '日付は yyyy-MM-dd の形式で入力してください' },
  'new password is entered incorrectly': { zh_tw: '新密碼輸入不一致', ja: '新しいパスワードが一致しません' },
  'the new password may not be the same as the old one': { zh_tw: '新密碼不能與舊密碼相同', ja: '新しいパスワードは現在のパスワードと異なるものにしてください' },
  'the current password is incorrect': { zh_tw: '目前的密碼不正確', ja: '現在のパスワードが正しくありません' },
  'this e-mail is already registered': { zh_tw: '此電子郵件已被註冊', ja: 'このメールアドレスは既に登録されています' },
  'unknown referrer code': { zh_tw: '推薦碼不存在', ja: '紹介コードが見つかりません' },
  'Out of stock': { zh_tw: '已售完', ja: '在庫切れ' },
  'This cart line does not exist.': { zh_tw: '購物車中沒有這項商品。', ja: 'カートにこの商品はありません。' },
  'This request is still being processed.': { zh_tw: '這個請求仍在處理中。', ja: 'このリクエストは処理中です。' },
  'is invalid': { zh_tw: '格式不正確', ja: '形式が正しくありません' },
  'is not a known parameter': { zh_tw: '不是可接受的參數', ja: '使用できないパラメーターです' },
  // refused input, whatever the route
  'The request body is not valid JSON.': { zh_tw: '請求內容不是有效的 JSON。', ja: 'リクエストの本文が正しい JSON ではありません。' },
  'The request body is too large.': { zh_tw: '請求內容過大。', ja: 'リクエストの本文が大きすぎます。' },
  'contains characters that are not allowed': { zh_tw: '含有不允許的字元', ja: '使用できない文字が含まれています' },
  'may not contain control or text-direction characters': { zh_tw: '不可包含控制字元或文字方向字元', ja: '制御文字や文字方向を変える文字は使用できません' },
  'may not be in the future': { zh_tw: '不可晚於今天', ja: '未来の日付は指定できません' },
  // orders and payments
  'This order does not exist.': { zh_tw: '找不到這筆訂單。', ja: 'この注文は見つかりません。' },
  'This change is not allowed in the order’s current state.': { zh_tw: '訂單目前的狀態不允許這項變更。', ja: '現在の注文状況ではこの操作はできません。' },
  'This change is not allowed in the payment’s current state.': { zh_tw: '付款目前的狀態不允許這項變更。', ja: '現在のお支払い状況ではこの操作はできません。' },
  'An order can be shipped only once it is paid.': { zh_tw: '訂單付款完成後才能出貨。', ja: 'お支払いが完了した注文のみ発送できます。' },
  'This order can no longer be paid.': { zh_tw: '這筆訂單已無法付款。', ja: 'この注文はお支払いいただけなくなりました。' },
  'An Idempotency-Key header (1 to 200 characters) is required.': { zh_tw: '需要提供 Idempotency-Key 標頭（1 至 200 個字元）。', ja: 'Idempotency-Key ヘッダー（1〜200文字）が必要です。' },
  'This Idempotency-Key was already used for a different order.': { zh_tw: '此 Idempotency-Key 已用於另一筆不同的訂單。', ja: 'この Idempotency-Key は別の注文ですでに使用されています。' },
  'The payment service is not answering; please try again in a moment.': { zh_tw: '付款服務暫時沒有回應，請稍後再試。', ja: '決済サービスが応答していません。しばらくしてから再度お試しください。' },
  'The webhook signature is not valid.': { zh_tw: 'Webhook 簽章無效。', ja: 'Webhook の署名が無効です。' },
  'give either a saved recipient (recipient_id) or a recipient, not both': { zh_tw: '請選擇已儲存的收件人或填寫收件人資料（擇一）', ja: '登録済みの受取人を選ぶか、受取人情報を入力してください（どちらか一方）' },
  'Cancelled by the member.': { zh_tw: '會員已取消訂單。', ja: 'お客様がキャンセルしました。' },
  'Not paid in time.': { zh_tw: '未於期限內完成付款。', ja: 'お支払い期限を過ぎました。' },
  'The payment was cancelled.': { zh_tw: '付款已取消。', ja: 'お支払いがキャンセルされました。' },
  'Paid after the order was cancelled.': { zh_tw: '訂單取消後才完成付款，款項將退還。', ja: '注文のキャンセル後にお支払いがあったため、返金いたします。' },
  // recipients, invoice options, coupons and totals
  'may be at most 32 characters': { zh_tw: '最多 32 個字元', ja: '32文字以内で入力してください' },
  'may be at most 60 characters': { zh_tw: '最多 60 個字元', ja: '60文字以内で入力してください' },
  'may be at most 100 characters': { zh_tw: '最多 100 個字元', ja: '100文字以内で入力してください' },
  'Please enter a valid Taiwan phone number': { zh_tw: '請輸入正確的台灣電話號碼', ja: '正しい台湾の電話番号を入力してください' },
  'Please enter the correct postal code format': { zh_tw: '請輸入正確的郵遞區號格式', ja: '正しい郵便番号の形式で入力してください' },
  'Please choose a county or city': { zh_tw: '請選擇縣市', ja: '県・市を選択してください' },
  'Please choose a district of this county or city': { zh_tw: '請選擇此縣市的鄉鎮市區', ja: 'この県・市に属する地区を選択してください' },
  'This recipient does not exist.': { zh_tw: '找不到這位收件人。', ja: 'この受取人は見つかりません。' },
  'You can keep at most 20 recipients.': { zh_tw: '最多只能儲存 20 位收件人。', ja: '受取人は20件まで登録できます。' },
  'A mobile barcode is a slash followed by 7 characters (0-9, A-Z, . + -)': {
    zh_tw: '手機條碼為斜線「/」加上 7 碼（0-9、A-Z、.、+、-）',
    ja: 'モバイルバーコードは「/」と7文字（0-9、A-Z、. + -）で入力してください',
  },
  'mobile barcode does not exist': { zh_tw: '手機條碼不存在', ja: 'このモバイルバーコードは存在しません' },
  'A citizen certificate barcode is 2 capital letters followed by 14 digits': {
    zh_tw: '自然人憑證條碼為 2 碼大寫英文字母加上 14 碼數字',
    ja: '自然人証明書バーコードは英大文字2文字と数字14桁で入力してください',
  },
  'Please enter a valid 8-digit company tax number': { zh_tw: '請輸入正確的 8 碼統一編號', ja: '正しい8桁の統一編号（法人番号）を入力してください' },
  'A donation code is 3 to 7 digits': { zh_tw: '捐贈碼為 3 至 7 碼數字', ja: '寄付コードは3〜7桁の数字で入力してください' },
  'A personal invoice cannot be changed to a company invoice after issue.': {
    zh_tw: '個人發票開立後無法變更為公司發票。',
    ja: '個人用の統一発票は発行後に法人用へ変更できません。',
  },
  'The name should match your government ID.': { zh_tw: '姓名請與身分證件上的姓名相同。', ja: 'お名前は身分証明書の記載と同じにしてください。' },
  'The mobile barcode cannot be checked right now; please try again later.': {
    zh_tw: '目前無法驗證手機條碼，請稍後再試。',
    ja: '現在モバイルバーコードを確認できません。しばらくしてから再度お試しください。',
  },
  'Coupon error': { zh_tw: '優惠碼錯誤', ja: 'クーポンエラー' },
  'Promo code successful': { zh_tw: '優惠碼使用成功', ja: 'クーポンを適用しました' },
  'Your cart is empty.': { zh_tw: '購物車是空的。', ja: 'カートは空です。' },
  'lists the same variant twice': { zh_tw: '同一個商品規格重複出現', ja: '同じ商品バリエーションが重複しています' },
  'This coupon code does not exist.': { zh_tw: '此優惠碼不存在。', ja: 'このクーポンコードは存在しません。' },
  'This coupon is no longer offered.': { zh_tw: '此優惠券已停止提供。', ja: 'このクーポンは現在ご利用いただけません。' },
  'This coupon cannot be used yet.': { zh_tw: '此優惠券尚未開放使用。', ja: 'このクーポンはまだご利用いただけません。' },
  'This coupon has expired.': { zh_tw: '此優惠券已過期。', ja: 'このクーポンは有効期限が切れています。' },
  'Your order does not reach this coupon’s minimum spend.': { zh_tw: '訂單金額未達此優惠券的最低消費。', ja: 'ご注文金額がこのクーポンの最低利用金額に達していません。' },
  'You have already used this coupon.': { zh_tw: '您已使用過此優惠券。', ja: 'このクーポンはすでにご利用済みです。' },
  'This coupon has been fully redeemed.': { zh_tw: '此優惠券已全數兌換完畢。', ja: 'このクーポンは利用上限に達しました。' },
  'This product is no longer available.': { zh_tw: '此商品已無法購買。', ja: 'この商品は現在お買い求めいただけません。' },
  'Not enough stock for this quantity.': { zh_tw: '庫存不足，無法購買此數量。', ja: '在庫が不足しているため、この数量はご購入いただけません。' },
  'Some items are no longer available.': { zh_tw: '部分商品已無法購買。', ja: '一部の商品は現在お買い求めいただけません。' },
  'You already have orders waiting for payment; please pay or cancel one of them before placing another.': {
    zh_tw: '您已有多筆訂單尚未付款，請先完成付款或取消其中一筆，再建立新訂單。',
    ja: 'お支払い待ちのご注文がすでにあります。新しくご注文いただく前に、いずれかのお支払いまたはキャンセルをお願いします。',
  },
}

export function translate(locale: Locale, message: string): string {
  if (locale === 'en') return message
  return CATALOG[message]?.[locale] ?? message
}

export const knownMessages = (): string[] => Object.keys(CATALOG)
