/**
 * Server-side messages in the five locales, picked by Accept-Language. Keys are shared by every
 * module; `{name}` placeholders are filled by `translate`.
 */
export const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

type Catalogue = Record<string, string>;

const en: Catalogue = {
  'error.unauthenticated': 'Unauthenticated.',
  'error.forbidden': 'This action is unauthorized.',
  'error.not_found': 'Not found.',
  'error.server': 'Server Error',
  'error.bad_json': 'The request body is not valid JSON.',
  'error.too_large': 'The request body is too large.',
  'error.too_many_requests': 'Too Many Attempts.',
  'error.invalid_input': 'The given data was invalid.',
  'error.bad_request': 'Bad request.',
  'validation.required': 'The {field} field is required.',
  'validation.string': 'The {field} field must be a string.',
  'validation.number': 'The {field} field must be a number.',
  'validation.integer': 'The {field} field must be an integer.',
  'validation.boolean': 'The {field} field must be true or false.',
  'validation.array': 'The {field} field must be a list.',
  'validation.object': 'The {field} field must be an object.',
  'validation.email': 'The {field} field must be a valid email address.',
  'validation.min_length': 'The {field} field must be at least {limit} characters.',
  'validation.max_length': 'The {field} field must not be greater than {limit} characters.',
  'validation.min': 'The {field} field must be at least {limit}.',
  'validation.max': 'The {field} field must not be greater than {limit}.',
  'validation.min_items': 'The {field} field must have at least {limit} items.',
  'validation.max_items': 'The {field} field must not have more than {limit} items.',
  'validation.in': 'The selected {field} is invalid.',
  'validation.format': 'The {field} field format is invalid.',
  'validation.confirmed': 'The {field} field confirmation does not match.',
  'validation.unique': 'The {field} has already been taken.',
  'validation.invalid': 'The {field} field is invalid.',
  'auth.failed': 'These credentials do not match our records.',
  'money.insufficient': 'Insufficient balance.',
};

const es: Catalogue = {
  'error.unauthenticated': 'No autenticado.',
  'error.forbidden': 'Esta acción no está autorizada.',
  'error.not_found': 'No encontrado.',
  'error.server': 'Error del servidor',
  'error.bad_json': 'El cuerpo de la solicitud no es JSON válido.',
  'error.too_large': 'El cuerpo de la solicitud es demasiado grande.',
  'error.too_many_requests': 'Demasiados intentos.',
  'error.invalid_input': 'Los datos proporcionados no son válidos.',
  'error.bad_request': 'Solicitud incorrecta.',
  'validation.required': 'El campo {field} es obligatorio.',
  'validation.string': 'El campo {field} debe ser un texto.',
  'validation.number': 'El campo {field} debe ser un número.',
  'validation.integer': 'El campo {field} debe ser un número entero.',
  'validation.boolean': 'El campo {field} debe ser verdadero o falso.',
  'validation.array': 'El campo {field} debe ser una lista.',
  'validation.object': 'El campo {field} debe ser un objeto.',
  'validation.email': 'El campo {field} debe ser una dirección de correo válida.',
  'validation.min_length': 'El campo {field} debe tener al menos {limit} caracteres.',
  'validation.max_length': 'El campo {field} no debe tener más de {limit} caracteres.',
  'validation.min': 'El campo {field} debe ser al menos {limit}.',
  'validation.max': 'El campo {field} no debe ser mayor que {limit}.',
  'validation.min_items': 'El campo {field} debe tener al menos {limit} elementos.',
  'validation.max_items': 'El campo {field} no debe tener más de {limit} elementos.',
  'validation.in': 'El {field} seleccionado no es válido.',
  'validation.format': 'El formato del campo {field} no es válido.',
  'validation.confirmed': 'La confirmación del campo {field} no coincide.',
  'validation.unique': 'El valor del campo {field} ya está en uso.',
  'validation.invalid': 'El campo {field} no es válido.',
  'auth.failed': 'Estas credenciales no coinciden con nuestros registros.',
  'money.insufficient': 'Saldo insuficiente.',
};

const fr: Catalogue = {
  'error.unauthenticated': 'Non authentifié.',
  'error.forbidden': 'Cette action n’est pas autorisée.',
  'error.not_found': 'Introuvable.',
  'error.server': 'Erreur du serveur',
  'error.bad_json': 'Le corps de la requête n’est pas un JSON valide.',
  'error.too_large': 'Le corps de la requête est trop volumineux.',
  'error.too_many_requests': 'Trop de tentatives.',
  'error.invalid_input': 'Les données fournies ne sont pas valides.',
  'error.bad_request': 'Requête incorrecte.',
  'validation.required': 'Le champ {field} est obligatoire.',
  'validation.string': 'Le champ {field} doit être une chaîne de caractères.',
  'validation.number': 'Le champ {field} doit être un nombre.',
  'validation.integer': 'Le champ {field} doit être un entier.',
  'validation.boolean': 'Le champ {field} doit être vrai ou faux.',
  'validation.array': 'Le champ {field} doit être une liste.',
  'validation.object': 'Le champ {field} doit être un objet.',
  'validation.email': 'Le champ {field} doit être une adresse e-mail valide.',
  'validation.min_length': 'Le champ {field} doit contenir au moins {limit} caractères.',
  'validation.max_length': 'Le champ {field} ne doit pas dépasser {limit} caractères.',
  'validation.min': 'Le champ {field} doit être au moins {limit}.',
  'validation.max': 'Le champ {field} ne doit pas être supérieur à {limit}.',
  'validation.min_items': 'Le champ {field} doit contenir au moins {limit} éléments.',
  'validation.max_items': 'Le champ {field} ne doit pas contenir plus de {limit} éléments.',
  'validation.in': 'La valeur sélectionnée pour {field} n’est pas valide.',
  'validation.format': 'Le format du champ {field} n’est pas valide.',
  'validation.confirmed': 'La confirmation du champ {field} ne correspond pas.',
  'validation.unique': 'La valeur du champ {field} est déjà utilisée.',
  'validation.invalid': 'Le champ {field} n’est pas valide.',
  'auth.failed': 'Ces identifiants ne correspondent pas à nos enregistrements.',
  'money.insufficient': 'Solde insuffisant.',
};

const ptBR: Catalogue = {
  'error.unauthenticated': 'Não autenticado.',
  'error.forbidden': 'Esta ação não é autorizada.',
  'error.not_found': 'Não encontrado.',
  'error.server': 'Erro do servidor',
  'error.bad_json': 'O corpo da requisição não é um JSON válido.',
  'error.too_large': 'O corpo da requisição é grande demais.',
  'error.too_many_requests': 'Muitas tentativas.',
  'error.invalid_input': 'Os dados fornecidos são inválidos.',
  'error.bad_request': 'Requisição inválida.',
  'validation.required': 'O campo {field} é obrigatório.',
  'validation.string': 'O campo {field} deve ser um texto.',
  'validation.number': 'O campo {field} deve ser um número.',
  'validation.integer': 'O campo {field} deve ser um número inteiro.',
  'validation.boolean': 'O campo {field} deve ser verdadeiro ou falso.',
  'validation.array': 'O campo {field} deve ser uma lista.',
  'validation.object': 'O campo {field} deve ser um objeto.',
  'validation.email': 'O campo {field} deve ser um endereço de e-mail válido.',
  'validation.min_length': 'O campo {field} deve ter pelo menos {limit} caracteres.',
  'validation.max_length': 'O campo {field} não pode ter mais de {limit} caracteres.',
  'validation.min': 'O campo {field} deve ser pelo menos {limit}.',
  'validation.max': 'O campo {field} não pode ser maior que {limit}.',
  'validation.min_items': 'O campo {field} deve ter pelo menos {limit} itens.',
  'validation.max_items': 'O campo {field} não pode ter mais de {limit} itens.',
  'validation.in': 'O {field} selecionado é inválido.',
  'validation.format': 'O formato do campo {field} é inválido.',
  'validation.confirmed': 'A confirmação do campo {field} não confere.',
  'validation.unique': 'O valor do campo {field} já está em uso.',
  'validation.invalid': 'O campo {field} é inválido.',
  'auth.failed': 'Essas credenciais não correspondem aos nossos registros.',
  'money.insufficient': 'Saldo insuficiente.',
};

const zhCN: Catalogue = {
  'error.unauthenticated': '未认证。',
  'error.forbidden': '此操作未经授权。',
  'error.not_found': '未找到。',
  'error.server': '服务器错误',
  'error.bad_json': '请求体不是有效的 JSON。',
  'error.too_large': '请求体过大。',
  'error.too_many_requests': '尝试次数过多。',
  'error.invalid_input': '提交的数据无效。',
  'error.bad_request': '错误的请求。',
  'validation.required': '{field} 字段是必填的。',
  'validation.string': '{field} 字段必须是字符串。',
  'validation.number': '{field} 字段必须是数字。',
  'validation.integer': '{field} 字段必须是整数。',
  'validation.boolean': '{field} 字段必须是 true 或 false。',
  'validation.array': '{field} 字段必须是列表。',
  'validation.object': '{field} 字段必须是对象。',
  'validation.email': '{field} 字段必须是有效的电子邮件地址。',
  'validation.min_length': '{field} 字段至少需要 {limit} 个字符。',
  'validation.max_length': '{field} 字段不能超过 {limit} 个字符。',
  'validation.min': '{field} 字段不能小于 {limit}。',
  'validation.max': '{field} 字段不能大于 {limit}。',
  'validation.min_items': '{field} 字段至少需要 {limit} 项。',
  'validation.max_items': '{field} 字段不能超过 {limit} 项。',
  'validation.in': '所选的 {field} 无效。',
  'validation.format': '{field} 字段格式无效。',
  'validation.confirmed': '{field} 字段的确认不匹配。',
  'validation.unique': '{field} 已被占用。',
  'validation.invalid': '{field} 字段无效。',
  'auth.failed': '这些凭据与我们的记录不匹配。',
  'money.insufficient': '余额不足。',
};

export const CATALOGUES: Record<Locale, Catalogue> = { en, es, fr, 'pt-BR': ptBR, 'zh-CN': zhCN };

/** The best of the five locales for an Accept-Language header (q-values honoured), else en. */
export function pickLocale(header: string | undefined): Locale {
  if (!header) return 'en';
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split('-')[0];
    const partial = LOCALES.find((l) => l.toLowerCase().split('-')[0] === base);
    if (partial) return partial;
  }
  return 'en';
}

export type MessageParams = Record<string, string | number>;

export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  const template = CATALOGUES[locale][key] ?? en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
