import type { CodeScene, Lang } from '@bourse/contract';

const purpose: Record<Lang, Record<CodeScene, string>> = {
  en: {
    register: 'to create your Bourse account',
    reset: 'to reset your login password',
    bind: 'to bind this address to your account',
    security: 'to confirm a security change',
  },
  zh_CN: {
    register: '用于注册 Bourse 账号',
    reset: '用于重置登录密码',
    bind: '用于绑定到您的账号',
    security: '用于确认安全设置变更',
  },
  zh_HK: {
    register: '用於註冊 Bourse 帳號',
    reset: '用於重設登入密碼',
    bind: '用於綁定到您的帳號',
    security: '用於確認安全設定變更',
  },
  es: {
    register: 'para crear tu cuenta de Bourse',
    reset: 'para restablecer tu contraseña de acceso',
    bind: 'para vincular esta dirección a tu cuenta',
    security: 'para confirmar un cambio de seguridad',
  },
  fr: {
    register: 'pour créer votre compte Bourse',
    reset: 'pour réinitialiser votre mot de passe',
    bind: 'pour associer cette adresse à votre compte',
    security: 'pour confirmer une modification de sécurité',
  },
};

const subject: Record<Lang, string> = {
  en: 'Your Bourse verification code: {code}',
  zh_CN: '您的 Bourse 验证码：{code}',
  zh_HK: '您的 Bourse 驗證碼：{code}',
  es: 'Tu código de verificación de Bourse: {code}',
  fr: 'Votre code de vérification Bourse : {code}',
};

const body: Record<Lang, string> = {
  en: 'Your verification code is {code}, {purpose}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message and nobody will get in.',
  zh_CN: '您的验证码是 {code}，{purpose}。{minutes} 分钟内有效。如非本人操作，请忽略本消息。',
  zh_HK: '您的驗證碼是 {code}，{purpose}。{minutes} 分鐘內有效。如非本人操作，請忽略本訊息。',
  es: 'Tu código de verificación es {code}, {purpose}. Es válido durante {minutes} minutos. Si no lo solicitaste, ignora este mensaje.',
  fr: 'Votre code de vérification est {code}, {purpose}. Il est valable {minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
};

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

export function codeMessage(lang: Lang, scene: CodeScene, code: string, minutes: number) {
  return {
    subject: fill(subject[lang], { code }),
    text: fill(body[lang], { code, purpose: purpose[lang][scene], minutes }),
  };
}
