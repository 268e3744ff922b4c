import { type DemoArticle, dedent } from './types';

export const PRIVACY: DemoArticle = {
  category: 'document',
  slug: 'privacy',
  daysAgo: 21,
  text: {
    en: {
      title: 'Privacy Policy',
      body: dedent(`
        # Who is responsible
        The operator of this service decides how your personal data is used and is responsible for it. Bourse is open-source software: its authors never receive your data.

        # What we store
        - Account: your email address or mobile number, nickname and avatar, your invitation code and who invited you.
        - Passwords: your login password and fund password are never stored. We keep only an argon2id hash of each, which cannot be turned back into the password. Verification codes are also stored only as hashes and expire after 10 minutes.
        - Two-factor verification: the secret key of your authenticator, which the server needs to check your codes.
        - Sessions: when you log in, the app receives a random token. The server keeps only a SHA-256 fingerprint of it, together with the device identifier, the browser (user agent), the IP address and the times of use. You can see your active sessions in Account management and sign them out.
        - Identity verification, if you complete it: your name, document type and number, and the photos you upload.
        - Activity: orders, trades, positions, deposits, withdrawals, transfers and every balance change in the ledger; C2C orders, payment methods and appeals; messages you send to customer service.
        - On your device: the app keeps your login token, language, theme and chosen service line in the browser's local storage. We use no advertising or tracking cookies.

        # Why we use it
        - To run your account and carry out your orders, deposits and withdrawals.
        - To protect you and the Service: stopping password guessing, noticing unusual logins and holding withdrawals after security changes.
        - To meet legal duties such as identity checks and record keeping.
        - To send you verification codes and messages about your account. We send no marketing without your consent.

        We never sell your data.

        # Who can see it
        - Our staff, only as far as their task requires (for example, reviewing an identity check). Every change they make is written to an audit log.
        - Your C2C counterparty sees your nickname and the payment details you choose to share for that order.
        - Providers that deliver email or text messages for us, and authorities when the law requires it.

        # How long we keep it
        - Login sessions end when you log out or change your password, and expire 7 days after login by default.
        - Verification codes expire after 10 minutes.
        - Account, identity and transaction records are kept while your account is open, and afterwards for as long as financial regulations require (often five years or more). The operator sets the exact period for its jurisdiction.

        # Your rights
        Depending on where you live, you may ask to see, correct, export or delete your data, or object to its use. Contact customer service; we answer within 30 days. Records that the law obliges us to keep cannot be deleted before that period ends.

        # Security
        Connections are encrypted with TLS. Passwords are hashed with argon2id, tokens are stored only as fingerprints, and staff access is logged. No system is perfectly secure, so please use a unique password and turn on two-factor verification.

        # Changes
        We will announce changes to this policy in the app before they take effect.
      `),
    },
    zh_CN: {
      title: '隐私政策',
      body: dedent(`
        # 谁对您的数据负责
        本服务的运营方决定如何使用您的个人数据，并对此负责。Bourse 是开源软件，其作者不会接触到您的任何数据。

        # 我们存储哪些数据
        - 账户信息：您的邮箱或手机号、昵称和头像、您的邀请码以及邀请人。
        - 密码：我们从不存储您的登录密码和资金密码本身，只保存它们的 argon2id 哈希值，无法由此还原出密码。验证码同样只以哈希形式存储，10 分钟后失效。
        - 双重验证：您身份验证器的密钥，服务器需要用它来校验验证码。
        - 登录会话：登录时 App 会获得一个随机令牌。服务器只保存该令牌的 SHA-256 指纹，以及设备标识、浏览器信息（User-Agent）、IP 地址和使用时间。您可以在“账户管理”中查看当前登录的设备并让其退出。
        - 身份认证（如您完成认证）：姓名、证件类型和号码，以及您上传的照片。
        - 使用记录：订单、成交、持仓、充币、提币、划转以及账本中的每一笔余额变动；C2C 订单、收款方式和申诉；您发送给客服的消息。
        - 您的设备上：App 会在浏览器本地存储中保存登录令牌、语言、主题和所选线路。我们不使用任何广告或追踪 Cookie。

        # 我们为何使用这些数据
        - 运营您的账户，执行您的订单、充币和提币。
        - 保护您和本服务：防止密码被暴力猜测、发现异常登录，并在安全设置变更后暂缓提币。
        - 履行身份核验、记录保存等法定义务。
        - 向您发送验证码和账户相关通知。未经您同意，我们不会发送营销信息。

        我们绝不出售您的数据。

        # 谁可以看到这些数据
        - 我们的工作人员，仅限其工作所需的范围（例如审核身份认证）。他们所做的每一项更改都会记入审计日志。
        - C2C 交易的对方可以看到您的昵称，以及您为该订单选择提供的收款信息。
        - 为我们发送邮件或短信的服务商，以及依法要求调取数据的机关。

        # 我们保存多久
        - 登录会话在您退出登录或修改密码时结束，默认在登录 7 天后失效。
        - 验证码 10 分钟后失效。
        - 账户、身份和交易记录在账户存续期间保存，注销后按金融监管要求继续保存（通常为五年或更长）。具体期限由运营方根据其所在司法辖区确定。

        # 您的权利
        根据您所在地的法律，您可以要求查阅、更正、导出或删除您的数据，或反对对其的使用。请联系客服，我们将在 30 天内答复。依法必须保存的记录在保存期届满前无法删除。

        # 安全
        所有连接均通过 TLS 加密。密码使用 argon2id 哈希，令牌只以指纹形式保存，工作人员的访问均有记录。没有绝对安全的系统，请使用独立的密码并开启双重验证。

        # 政策变更
        本政策如有变更，我们会在生效前通过 App 公告。
      `),
    },
    zh_HK: {
      title: '私隱政策',
      body: dedent(`
        # 誰負責您的資料
        本服務的營運者決定如何使用您的個人資料，並對此負責。Bourse 是開源軟件，其作者不會接觸到您的任何資料。

        # 我們儲存哪些資料
        - 帳戶資料：您的電郵地址或手機號碼、暱稱及頭像、您的邀請碼及邀請人。
        - 密碼：我們從不儲存您的登入密碼及資金密碼本身，只保存其 argon2id 雜湊值，無法由此還原密碼。驗證碼同樣只以雜湊形式儲存，並於 10 分鐘後失效。
        - 雙重驗證：您驗證器的密鑰，伺服器需要用它核對驗證碼。
        - 登入工作階段：登入時應用程式會取得一個隨機權杖。伺服器只保存該權杖的 SHA-256 指紋，連同裝置識別碼、瀏覽器資料（User-Agent）、IP 地址及使用時間。您可在「帳戶管理」查看已登入的裝置並將其登出。
        - 身份認證（如您完成認證）：姓名、證件類別及號碼，以及您上載的相片。
        - 使用紀錄：訂單、成交、持倉、充幣、提幣、劃轉，以及賬本中每一筆結餘變動；C2C 訂單、收款方式及申訴；您發送給客服的訊息。
        - 您的裝置上：應用程式會在瀏覽器的本機儲存空間保存登入權杖、語言、主題及所選線路。我們不使用任何廣告或追蹤 Cookie。

        # 我們為何使用這些資料
        - 營運您的帳戶，執行您的訂單、充幣及提幣。
        - 保障您及本服務：防止密碼被估中、偵測異常登入，並在保安設定更改後暫緩提幣。
        - 履行身份核實及紀錄保存等法律責任。
        - 向您發送驗證碼及帳戶相關通知。未經您同意，我們不會發送推廣訊息。

        我們絕不出售您的資料。

        # 誰可以查閱
        - 我們的職員，只限於其工作所需範圍（例如審核身份認證）。他們作出的每項更改都會記錄在審計日誌。
        - C2C 交易的對手方可看到您的暱稱，以及您為該訂單選擇提供的收款資料。
        - 代我們發送電郵或短訊的服務供應商，以及依法要求索取資料的當局。

        # 保存期限
        - 登入工作階段在您登出或更改密碼時結束，預設於登入 7 日後失效。
        - 驗證碼於 10 分鐘後失效。
        - 帳戶、身份及交易紀錄會在帳戶有效期間保存，其後按金融監管要求繼續保存（通常為五年或以上）。確實期限由營運者按其司法管轄區訂定。

        # 您的權利
        視乎您所在地的法律，您可要求查閱、更正、匯出或刪除您的資料，或反對有關使用。請聯絡客服，我們會於 30 日內回覆。依法必須保存的紀錄，在保存期屆滿前無法刪除。

        # 保安
        所有連線均以 TLS 加密。密碼以 argon2id 雜湊處理，權杖只以指紋形式保存，職員的存取均有紀錄。世上沒有絕對安全的系統，請使用獨一無二的密碼並開啟雙重驗證。

        # 政策修訂
        本政策如有修訂，我們會在生效前於應用程式內公佈。
      `),
    },
    es: {
      title: 'Política de privacidad',
      body: dedent(`
        # Quién es responsable
        El operador de este servicio decide cómo se usan tus datos personales y es responsable de ello. Bourse es software de código abierto: sus autores nunca reciben tus datos.

        # Qué guardamos
        - Cuenta: tu correo electrónico o número de móvil, tu apodo y avatar, tu código de invitación y quién te invitó.
        - Contraseñas: nunca guardamos tu contraseña de acceso ni tu contraseña de fondos. Solo conservamos un hash argon2id de cada una, del que no se puede recuperar la contraseña. Los códigos de verificación también se guardan solo como hash y caducan a los 10 minutos.
        - Verificación en dos pasos: la clave secreta de tu autenticador, que el servidor necesita para comprobar tus códigos.
        - Sesiones: al iniciar sesión, la app recibe un token aleatorio. El servidor solo guarda su huella SHA-256, junto con el identificador del dispositivo, el navegador (user agent), la dirección IP y las horas de uso. Puedes ver tus sesiones activas en Gestión de la cuenta y cerrarlas.
        - Verificación de identidad, si la completas: tu nombre, el tipo y número de documento y las fotos que subas.
        - Actividad: órdenes, operaciones, posiciones, depósitos, retiros, transferencias y cada movimiento de saldo en el libro contable; órdenes C2C, métodos de pago y reclamaciones; los mensajes que envías a atención al cliente.
        - En tu dispositivo: la app guarda tu token de sesión, el idioma, el tema y la línea de servicio elegida en el almacenamiento local del navegador. No usamos cookies publicitarias ni de seguimiento.

        # Para qué los usamos
        - Para gestionar tu cuenta y ejecutar tus órdenes, depósitos y retiros.
        - Para protegerte a ti y al Servicio: frenar intentos de adivinar contraseñas, detectar accesos inusuales y retener los retiros tras cambios de seguridad.
        - Para cumplir obligaciones legales, como la verificación de identidad y la conservación de registros.
        - Para enviarte códigos de verificación y mensajes sobre tu cuenta. No enviamos publicidad sin tu consentimiento.

        Nunca vendemos tus datos.

        # Quién puede verlos
        - Nuestro personal, solo en la medida en que lo necesite su tarea (por ejemplo, revisar una verificación de identidad). Cada cambio que hace queda registrado en un registro de auditoría.
        - Tu contraparte en una operación C2C ve tu apodo y los datos de pago que decidas compartir para esa orden.
        - Los proveedores que envían correos o SMS por nosotros, y las autoridades cuando la ley lo exija.

        # Cuánto tiempo los conservamos
        - Las sesiones terminan cuando cierras sesión o cambias la contraseña y, por defecto, caducan 7 días después de iniciar sesión.
        - Los códigos de verificación caducan a los 10 minutos.
        - Los datos de cuenta, identidad y operaciones se conservan mientras la cuenta esté abierta y, después, durante el tiempo que exija la normativa financiera (a menudo cinco años o más). El operador fija el plazo exacto según su jurisdicción.

        # Tus derechos
        Según dónde vivas, puedes pedir acceder a tus datos, rectificarlos, exportarlos o suprimirlos, u oponerte a su uso. Contacta con atención al cliente; respondemos en un plazo de 30 días. Los registros que la ley nos obliga a conservar no pueden suprimirse antes de que termine ese plazo.

        # Seguridad
        Las conexiones se cifran con TLS. Las contraseñas se guardan con hash argon2id, los tokens solo como huellas y los accesos del personal quedan registrados. Ningún sistema es totalmente seguro: usa una contraseña única y activa la verificación en dos pasos.

        # Cambios
        Anunciaremos en la app cualquier cambio de esta política antes de que entre en vigor.
      `),
    },
    fr: {
      title: 'Politique de confidentialité',
      body: dedent(`
        # Qui est responsable
        L’opérateur de ce service décide de l’utilisation de vos données personnelles et en est responsable. Bourse est un logiciel open source : ses auteurs ne reçoivent jamais vos données.

        # Ce que nous conservons
        - Compte : votre adresse e-mail ou numéro de mobile, votre pseudonyme et votre avatar, votre code d’invitation et la personne qui vous a invité.
        - Mots de passe : votre mot de passe de connexion et votre mot de passe des fonds ne sont jamais conservés. Nous ne gardons qu’une empreinte argon2id de chacun, qui ne permet pas de retrouver le mot de passe. Les codes de vérification sont eux aussi conservés sous forme d’empreinte et expirent au bout de 10 minutes.
        - Validation en deux étapes : la clé secrète de votre application d’authentification, nécessaire au serveur pour vérifier vos codes.
        - Sessions : à la connexion, l’application reçoit un jeton aléatoire. Le serveur n’en conserve qu’une empreinte SHA-256, avec l’identifiant de l’appareil, le navigateur (user agent), l’adresse IP et les heures d’utilisation. Vous pouvez consulter vos sessions actives dans Gestion du compte et les déconnecter.
        - Vérification d’identité, si vous l’effectuez : votre nom, le type et le numéro de votre pièce d’identité, et les photos que vous envoyez.
        - Activité : ordres, transactions, positions, dépôts, retraits, transferts et chaque mouvement de solde du registre ; commandes C2C, moyens de paiement et litiges ; messages envoyés au service client.
        - Sur votre appareil : l’application conserve votre jeton de connexion, la langue, le thème et la ligne de service choisie dans le stockage local du navigateur. Nous n’utilisons aucun cookie publicitaire ni de traçage.

        # Pourquoi nous les utilisons
        - Pour gérer votre compte et exécuter vos ordres, dépôts et retraits.
        - Pour vous protéger, vous et le Service : empêcher que l’on devine les mots de passe, repérer les connexions inhabituelles et bloquer les retraits après une modification de sécurité.
        - Pour respecter nos obligations légales, comme la vérification d’identité et la conservation des documents.
        - Pour vous envoyer des codes de vérification et des messages concernant votre compte. Nous n’envoyons aucune prospection commerciale sans votre consentement.

        Nous ne vendons jamais vos données.

        # Qui peut y accéder
        - Notre personnel, uniquement dans la mesure où sa mission l’exige (par exemple pour examiner une vérification d’identité). Chaque modification qu’il effectue est inscrite dans un journal d’audit.
        - Votre contrepartie C2C voit votre pseudonyme et les coordonnées de paiement que vous choisissez de partager pour cette commande.
        - Les prestataires qui envoient pour nous des e-mails ou des SMS, et les autorités lorsque la loi l’exige.

        # Durée de conservation
        - Les sessions prennent fin lorsque vous vous déconnectez ou changez de mot de passe et expirent par défaut 7 jours après la connexion.
        - Les codes de vérification expirent au bout de 10 minutes.
        - Les données de compte, d’identité et de transactions sont conservées tant que votre compte est ouvert, puis aussi longtemps que la réglementation financière l’exige (souvent cinq ans ou plus). L’opérateur fixe la durée exacte selon sa juridiction.

        # Vos droits
        Selon votre lieu de résidence, vous pouvez demander à accéder à vos données, à les rectifier, à les exporter ou à les effacer, ou vous opposer à leur utilisation. Contactez le service client : nous répondons sous 30 jours. Les documents que la loi nous oblige à conserver ne peuvent pas être effacés avant la fin de cette période.

        # Sécurité
        Les connexions sont chiffrées avec TLS. Les mots de passe sont hachés avec argon2id, les jetons ne sont conservés que sous forme d’empreinte et les accès du personnel sont journalisés. Aucun système n’est parfaitement sûr : utilisez un mot de passe unique et activez la validation en deux étapes.

        # Modifications
        Toute modification de cette politique sera annoncée dans l’application avant son entrée en vigueur.
      `),
    },
  },
};
