import type { Language, MessageTable } from './language';
import { maintenanceMessages } from './maintenance-messages';
import { notificationMessages } from './notification-messages';
import { procurementMessages } from './procurement-messages';
import { sparePartsMessages } from './spare-parts-messages';
import { purchaseOrderMessages } from './purchase-order-messages';
import { settingsMessages } from './settings-messages';
import { weatherMessages } from './weather-messages';

export { NOT_LOGGED_IN_MESSAGE } from './not-logged-in';

/**
 * Messages the server sends to users, in both languages. Services throw an AppError with
 * one of these keys; the tRPC error formatter resolves it in the caller's language. Zod
 * schemas may also use a key as their custom message.
 */
export const serverMessages = {
  'error.internal': {
    pt: 'Ocorreu um erro interno. Tente novamente em instantes.',
    en: 'An internal error occurred. Please try again shortly.',
  },
  'error.notFound': {
    pt: 'Procedimento não encontrado: {path}',
    en: 'No such procedure: {path}',
  },
  'error.badHost': {
    pt: 'Requisição inválida: o cabeçalho Host está ausente ou malformado.',
    en: 'Bad request: the Host header is missing or malformed.',
  },
  'error.parse': {
    pt: 'Não foi possível ler a requisição: o JSON é inválido.',
    en: 'Could not read the request: the JSON is malformed.',
  },
  'error.invalidInput': {
    pt: 'Dados inválidos: {details}',
    en: 'Invalid input: {details}',
  },
  'error.methodNotSupported': {
    pt: 'Método não suportado para este procedimento.',
    en: 'This method is not supported for this procedure.',
  },
  'error.unsupportedMediaType': {
    pt: 'Envie o corpo da requisição como JSON (Content-Type: application/json).',
    en: 'Send the request body as JSON (Content-Type: application/json).',
  },
  'error.crossSite': {
    pt: 'Requisição de outro site recusada.',
    en: 'Cross-site request refused.',
  },
  'error.payloadTooLarge': {
    pt: 'A requisição é grande demais.',
    en: 'The request is too large.',
  },
  'error.batchTooLarge': {
    pt: 'Consultas demais numa só requisição.',
    en: 'Too many calls in one request.',
  },
  'error.tooManyHeavyQueries': {
    pt: 'Muitas consultas pesadas ao mesmo tempo. Aguarde alguns segundos e tente de novo.',
    en: 'Too many heavy queries at once. Wait a few seconds and try again.',
  },
  'auth.invalidCredentials': { pt: 'E-mail ou senha incorretos.', en: 'Incorrect e-mail or password.' },
  'auth.accountLocked': {
    pt: 'Conta bloqueada após várias tentativas sem sucesso. Tente novamente em {minutes} min (às {time}).',
    en: 'Account locked after too many failed attempts. Try again in {minutes} min (at {time}).',
  },
  'auth.accountDelayed': {
    pt: 'Muitas tentativas sem sucesso nesta conta. Tente novamente em {seconds} s.',
    en: 'Too many failed attempts on this account. Try again in {seconds} s.',
  },
  'auth.accountDisabled': { pt: 'Esta conta está desativada.', en: 'This account is disabled.' },
  'auth.tooManyFromAddress': {
    pt: 'Muitas tentativas sem sucesso a partir deste endereço. Tente novamente mais tarde.',
    en: 'Too many failed attempts from this address. Please try again later.',
  },
  'auth.emailTaken': { pt: 'Já existe uma conta com este e-mail.', en: 'An account with this e-mail already exists.' },
  'auth.commonPassword': {
    pt: 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.',
    en: 'This password is too common and easy to guess. Choose another one.',
  },
  'auth.twoFactorSetupRequired': {
    pt: 'Configure a autenticação de dois fatores para continuar.',
    en: 'Set up two-factor authentication to continue.',
  },
  'auth.twoFactorAlreadyEnabled': {
    pt: 'A autenticação de dois fatores já está ativa nesta conta.',
    en: 'Two-factor authentication is already enabled on this account.',
  },
  'auth.forbidden': { pt: 'Você não tem permissão para esta ação.', en: 'You do not have permission for this action.' },
  'auth.invalidCode': { pt: 'Código inválido', en: 'Invalid code' },
  'auth.codeExpired': { pt: 'Código expirado. Peça um novo código.', en: 'The code has expired. Ask for a new one.' },
  'auth.noCodeSent': { pt: 'Nenhum código ativo. Envie um novo código.', en: 'No active code. Send a new code.' },
  'auth.challengeExpired': {
    pt: 'A verificação expirou. Entre com e-mail e senha novamente.',
    en: 'The verification step expired. Sign in with e-mail and password again.',
  },
  'auth.challengeVoided': {
    pt: 'Códigos incorretos demais. Entre com e-mail e senha novamente.',
    en: 'Too many wrong codes. Sign in with e-mail and password again.',
  },
  'auth.smsThrottled': {
    pt: 'Aguarde {seconds} s para pedir outro código.',
    en: 'Wait {seconds} s before asking for another code.',
  },
  'auth.smsFailed': { pt: 'Erro ao enviar SMS', en: 'Could not send the SMS' },
  'auth.smsNotEnabled': {
    pt: 'A sua conta não usa SMS como segundo fator.',
    en: 'Your account does not use SMS as its second factor.',
  },
  'auth.phoneRequired': { pt: 'Cadastre um número de telefone primeiro.', en: 'Save a phone number first.' },
  'auth.smsText': {
    pt: 'Sentinela: seu código de verificação é {code}. Válido por 5 minutos.',
    en: 'Sentinela: your verification code is {code}. Valid for 5 minutes.',
  },
  'auth.wrongCurrentPassword': { pt: 'A senha atual está incorreta.', en: 'The current password is incorrect.' },
  'auth.samePassword': {
    pt: 'A nova senha precisa ser diferente da atual.',
    en: 'The new password must differ from the current one.',
  },
  'auth.resetLinkInvalid': {
    pt: 'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.',
    en: 'This reset link is invalid, has expired or was already used. Ask for a new one.',
  },
  'auth.resetThrottled': {
    pt: 'Muitos pedidos de redefinição de senha. Tente novamente mais tarde.',
    en: 'Too many password reset requests. Please try again later.',
  },
  'auth.registerThrottled': {
    pt: 'Muitos cadastros a partir deste endereço. Tente novamente em alguns minutos.',
    en: 'Too many registrations from this address. Please try again in a few minutes.',
  },
  'auth.registerTakenEmailSubject': {
    pt: 'Sentinela: tentativa de cadastro com o seu e-mail',
    en: 'Sentinela: someone tried to register with your e-mail',
  },
  'auth.registerTakenEmailText': {
    pt: 'Alguém (talvez você) tentou criar uma conta no Sentinela com este e-mail, que já tem uma conta. Nenhuma conta nova foi criada.\n\nSe foi você, entre com a sua senha ou use "Esqueci minha senha" em:\n{link}\n\nSe não foi você, ignore este e-mail: a sua conta não mudou.',
    en: 'Someone (perhaps you) tried to create a Sentinela account with this e-mail, which already has one. No new account was created.\n\nIf it was you, sign in with your password or use "Forgot my password" at:\n{link}\n\nIf it was not you, ignore this e-mail: your account has not changed.',
  },
  'auth.smsSetupThrottled': {
    pt: 'Limite diário de códigos SMS atingido para esta conta ou número. Tente novamente amanhã ou use o aplicativo autenticador.',
    en: 'Daily limit of SMS codes reached for this account or number. Try again tomorrow or use the authenticator app.',
  },
  'auth.resetEmailSubject': { pt: 'Sentinela: redefinição de senha', en: 'Sentinela: password reset' },
  'auth.resetEmailText': {
    pt: 'Alguém (talvez você) pediu para redefinir a senha da sua conta no Sentinela.\n\nPara escolher uma nova senha, abra este link em até 30 minutos (ele funciona uma única vez):\n{link}\n\nSe não foi você, ignore este e-mail: a sua senha continua a mesma.',
    en: 'Someone (perhaps you) asked to reset the password of your Sentinela account.\n\nTo choose a new password, open this link within 30 minutes (it works once):\n{link}\n\nIf it was not you, ignore this e-mail: your password stays the same.',
  },
  'auth.inviteInvalid': {
    pt: 'Este convite é inválido, expirou, já foi usado ou é para outro e-mail.',
    en: 'This invitation is invalid, has expired, was already used or is for another e-mail.',
  },
  'auth.inviteEmailSubject': { pt: 'Sentinela: você foi convidado', en: 'Sentinela: you are invited' },
  'auth.inviteEmailText': {
    pt: '{name} convidou você para o Sentinela.\n\nPara criar a sua conta, abra este link em até 48 horas (ele funciona uma única vez):\n{link}',
    en: '{name} invited you to Sentinela.\n\nTo create your account, open this link within 48 hours (it works once):\n{link}',
  },
  'alerts.notFound': { pt: 'Alerta não encontrado.', en: 'Alert not found.' },
  'alerts.alreadyCleared': { pt: 'Este alerta já foi encerrado.', en: 'This alert has already been cleared.' },
  'users.lastAdmin': {
    pt: 'Não é possível rebaixar o último administrador.',
    en: 'The last administrator cannot be demoted.',
  },
  'users.lastAdminDisable': {
    pt: 'Não é possível desativar o último administrador ativo.',
    en: 'The last enabled administrator cannot be disabled.',
  },
  'users.ownDisable': {
    pt: 'Você não pode desativar a sua própria conta; peça a outro administrador.',
    en: 'You cannot disable your own account; ask another administrator.',
  },
  'users.ownTwoFactor': {
    pt: 'Você não pode redefinir o seu próprio 2FA por aqui; use o diálogo Segurança ou peça a outro administrador.',
    en: 'You cannot reset your own 2FA here; use the Security dialog or ask another administrator.',
  },
  'users.ownRole': {
    pt: 'Você não pode alterar o seu próprio papel; peça a outro administrador.',
    en: 'You cannot change your own role; ask another administrator.',
  },
  'privacy.requestOpen': {
    pt: 'Você já tem um pedido de exclusão em aberto.',
    en: 'You already have an open deletion request.',
  },
  'privacy.requestNotFound': { pt: 'Pedido não encontrado.', en: 'Request not found.' },
  'privacy.requestDecided': {
    pt: 'Este pedido já foi atendido ou recusado.',
    en: 'This request has already been carried out or refused.',
  },
  'privacy.lastAdmin': {
    pt: 'Não é possível excluir o último administrador ativo: promova outro administrador antes.',
    en: 'The last enabled administrator cannot be deleted: make someone else an administrator first.',
  },
  'privacy.ownRequest': {
    pt: 'Você não pode atender o seu próprio pedido de exclusão; peça a outro administrador.',
    en: 'You cannot carry out your own deletion request; ask another administrator.',
  },
  'validation.privacyReasonTooLong': {
    pt: 'O motivo pode ter no máximo 500 caracteres.',
    en: 'The reason can have at most 500 characters.',
  },
  'validation.privacyRequestId': { pt: 'Pedido inválido.', en: 'Invalid request.' },
  'users.notFound': { pt: 'Usuário não encontrado.', en: 'User not found.' },
  'validation.email': { pt: 'Informe um e-mail válido.', en: 'Enter a valid e-mail address.' },
  'validation.passwordRequired': { pt: 'Informe a senha.', en: 'Enter your password.' },
  'validation.passwordTooLong': {
    pt: 'A senha pode ter no máximo 128 caracteres.',
    en: 'The password can have at most 128 characters.',
  },
  'validation.passwordWeak': {
    pt: 'A senha precisa de 8 caracteres ou mais, com letra maiúscula, letra minúscula, número e caractere especial.',
    en: 'The password needs 8 or more characters, with an uppercase letter, a lowercase letter, a digit and a special character.',
  },
  'validation.nameTooShort': {
    pt: 'O nome precisa de pelo menos 2 caracteres.',
    en: 'The name needs at least 2 characters.',
  },
  'validation.nameTooLong': {
    pt: 'O nome pode ter no máximo 120 caracteres.',
    en: 'The name can have at most 120 characters.',
  },
  'validation.codeLength': { pt: 'Digite um código de 6 dígitos', en: 'Enter a 6-digit code' },
  'validation.phoneInvalid': { pt: 'Número de telefone inválido', en: 'Invalid phone number' },
  'validation.equipmentId': { pt: 'Equipamento inválido.', en: 'Invalid equipment.' },
  'validation.metric': { pt: 'Métrica inválida.', en: 'Invalid metric.' },
  'validation.dashboardDays': { pt: 'Escolha de 1 a 31 dias.', en: 'Choose from 1 to 31 days.' },
  'validation.timeRange': {
    pt: 'Intervalo de tempo inválido (início antes do fim, até 400 dias).',
    en: 'Invalid time range (start before end, up to 400 days).',
  },
  'validation.timeOutOfRange': {
    pt: 'Data fora do intervalo aceito (anos de 1970 a 9999).',
    en: 'Date outside the accepted range (years 1970 to 9999).',
  },
  'validation.nothingToChange': { pt: 'Nada a alterar.', en: 'Nothing to change.' },
  'validation.setpointRange': {
    pt: 'O set-point deve estar entre 10 e 35 °C.',
    en: 'The set-point must be between 10 and 35 °C (50 and 95 °F).',
  },
  'equipment.notFound': { pt: 'Equipamento não encontrado.', en: 'Equipment not found.' },
  'equipment.wrongKind': {
    pt: 'Este comando não se aplica a este tipo de equipamento.',
    en: 'This command does not apply to this kind of equipment.',
  },
  'command.unsafe.maintenance': {
    pt: '{name} está em manutenção: só aceita o comando de desligar.',
    en: '{name} is under maintenance: it can only be switched off.',
  },
  'command.unsafe.error': {
    pt: '{name} está com erro: só aceita o comando de desligar.',
    en: '{name} is in error: it can only be switched off.',
  },
  'equipment.noBroker': {
    pt: 'Sem conexão com o broker MQTT: comandos indisponíveis.',
    en: 'No connection to the MQTT broker: commands are unavailable.',
  },
  'validation.userId': { pt: 'Usuário inválido.', en: 'Invalid user.' },
  'validation.alertId': { pt: 'Alerta inválido.', en: 'Invalid alert.' },
  'validation.cursor': { pt: 'Posição da lista inválida.', en: 'Invalid list position.' },
  'validation.facilityId': { pt: 'Instalação inválida.', en: 'Invalid facility.' },
  'validation.roomId': { pt: 'Sala inválida.', en: 'Invalid room.' },
  'validation.searchTooLong': {
    pt: 'A busca pode ter no máximo 120 caracteres.',
    en: 'The search can have at most 120 characters.',
  },
  'validation.alertIdsCount': { pt: 'Selecione de 1 a 200 alertas.', en: 'Select from 1 to 200 alerts.' },
  'validation.noteRequired': { pt: 'Escreva uma nota.', en: 'Write a note.' },
  'validation.noteTooLong': {
    pt: 'A nota pode ter no máximo 500 caracteres.',
    en: 'The note can have at most 500 characters.',
  },
  'validation.uptimeDays': {
    pt: 'Escolha um período de 1 a 365 dias inteiros.',
    en: 'Choose a period of 1 to 365 whole days.',
  },
  'validation.clockTime': { pt: 'Use o formato HH:MM (00:00 a 23:59).', en: 'Use the HH:MM format (00:00 to 23:59).' },
  'validation.scheduleDays': { pt: 'Escolha pelo menos um dia da semana.', en: 'Choose at least one day of the week.' },
  'validation.scheduleSameTimes': {
    pt: 'O horário de desligar deve ser diferente do horário de ligar.',
    en: 'The off time must differ from the on time.',
  },
  'validation.notNegative': { pt: 'Informe um valor igual ou maior que zero.', en: 'Enter a value of zero or more.' },
  'validation.taxTotal': {
    pt: 'A soma de ICMS, PIS e COFINS deve ser menor que 60 %.',
    en: 'ICMS, PIS and COFINS must add up to less than 60 %.',
  },
  'validation.peakWindow': {
    pt: 'O horário de ponta deve começar antes de terminar.',
    en: 'The peak window must start before it ends.',
  },
  'validation.required': { pt: 'Preencha este campo.', en: 'Fill in this field.' },
  'validation.textTooLong': { pt: 'Texto longo demais.', en: 'Text too long.' },
  'validation.controlChars': {
    pt: 'O texto tem caracteres de controle não permitidos.',
    en: 'The text holds control characters that are not allowed.',
  },
  'validation.number': { pt: 'Informe um número.', en: 'Enter a number.' },
  'validation.numberRange': { pt: 'Valor fora da faixa permitida.', en: 'Value out of the allowed range.' },
  'validation.facilityCode': {
    pt: 'Use de 2 a 32 letras minúsculas, dígitos ou hífens (ex.: campinas-2).',
    en: 'Use 2 to 32 lower-case letters, digits or dashes (e.g. campinas-2).',
  },
  'validation.timeZone': {
    pt: 'Fuso horário desconhecido: use um nome IANA, como America/Sao_Paulo.',
    en: 'Unknown time zone: use an IANA name such as America/Sao_Paulo.',
  },
  'validation.coordinates': {
    pt: 'Informe latitude e longitude juntas, ou nenhuma.',
    en: 'Enter both latitude and longitude, or neither.',
  },
  'validation.roomKind': { pt: 'Tipo de sala inválido.', en: 'Invalid room type.' },
  'validation.setpointOrder': {
    pt: 'O set-point máximo deve ser maior que o mínimo.',
    en: 'The maximum set-point must be above the minimum.',
  },
  'validation.equipmentKind': { pt: 'Tipo de equipamento inválido.', en: 'Invalid equipment type.' },
  'validation.metricsCount': { pt: 'No máximo 50 métricas.', en: 'At most 50 metrics.' },
  'validation.consumptionDays': {
    pt: 'Escolha de 1 a 90 dias inteiros.',
    en: 'Choose 1 to 90 whole days.',
  },
  'validation.date': { pt: 'Data inválida (AAAA-MM-DD).', en: 'Invalid date (YYYY-MM-DD).' },
  'validation.dateFuture': { pt: 'A data não pode estar no futuro.', en: 'The date cannot be in the future.' },
  'validation.nameplateKey': {
    pt: 'Dado de placa que este tipo de equipamento não tem.',
    en: 'A nameplate value this equipment type does not have.',
  },
  'registry.facilityNotFound': { pt: 'Instalação não encontrada.', en: 'Facility not found.' },
  'registry.facilityCodeTaken': {
    pt: 'Já existe uma instalação com o código {code}.',
    en: 'A facility with the code {code} already exists.',
  },
  'registry.facilityNotEmpty': {
    pt: 'A instalação tem salas ou equipamentos: remova-os antes de excluí-la.',
    en: 'The facility has rooms or equipment: remove them before deleting it.',
  },
  'registry.roomNotFound': { pt: 'Sala não encontrada.', en: 'Room not found.' },
  'registry.roomNameTaken': {
    pt: 'Já existe uma sala {name} nesta instalação.',
    en: 'This facility already has a room named {name}.',
  },
  'registry.roomNotEmpty': {
    pt: 'A sala tem equipamentos: mova-os ou desative-os antes de excluí-la.',
    en: 'The room has equipment: move or retire it before deleting the room.',
  },
  'registry.roomOfOtherFacility': {
    pt: 'A sala escolhida é de outra instalação.',
    en: 'The chosen room belongs to another facility.',
  },
  'registry.equipmentNotFound': { pt: 'Equipamento não encontrado.', en: 'Equipment not found.' },
  'registry.equipmentCodeTaken': {
    pt: 'Já existe um equipamento com o código {code}.',
    en: 'Equipment with the code {code} already exists.',
  },
  'registry.equipmentHasHistory': {
    pt: 'O equipamento tem histórico (leituras, comandos ou alertas): desative-o em vez de excluí-lo.',
    en: 'The equipment has history (readings, commands or alerts): retire it instead of deleting it.',
  },
  'registry.equipmentRetired': {
    pt: 'O equipamento está desativado.',
    en: 'The equipment is retired.',
  },
  'registry.equipmentNotRetired': { pt: 'O equipamento não está desativado.', en: 'The equipment is not retired.' },
  'validation.importEntity': {
    pt: 'Escolha o que importar: instalações, salas ou equipamentos.',
    en: 'Choose what to import: facilities, rooms or equipment.',
  },
  'registry.importTooLarge': {
    pt: 'O arquivo é grande demais (até 8 MB).',
    en: 'The file is too large (up to 8 MB).',
  },
  'registry.importEmpty': {
    pt: 'O arquivo está vazio: a primeira linha deve ser o cabeçalho.',
    en: 'The file is empty: its first line must be the header.',
  },
  'registry.importUnknownHeader': {
    pt: 'Coluna desconhecida no cabeçalho: "{header}". Nada foi importado.',
    en: 'Unknown column in the header: "{header}". Nothing was imported.',
  },
  'registry.importMissingHeader': {
    pt: 'Falta a coluna obrigatória "{header}" no cabeçalho. Nada foi importado.',
    en: 'The header lacks the required column "{header}". Nothing was imported.',
  },
  'registry.importDuplicateHeader': {
    pt: 'A coluna "{header}" aparece duas vezes no cabeçalho. Nada foi importado.',
    en: 'The column "{header}" appears twice in the header. Nothing was imported.',
  },
  'registry.importTooManyLines': {
    pt: 'O arquivo tem mais de {max} linhas de dados: divida-o. Nada foi importado.',
    en: 'The file has more than {max} data lines: split it. Nothing was imported.',
  },
  'registry.importUnclosedQuote': {
    pt: 'Aspas abertas e não fechadas a partir da linha {line}. Nada foi importado.',
    en: 'A quote opened on line {line} is never closed. Nothing was imported.',
  },
  'registry.importExtraCells': {
    pt: 'A linha tem mais células que o cabeçalho.',
    en: 'The line has more cells than the header.',
  },
  'registry.importDuplicate': {
    pt: 'Repete o registro da linha {line}.',
    en: 'Repeats the record of line {line}.',
  },
  'registry.importKindWithHistory': {
    pt: 'O tipo não pode mudar: o equipamento tem histórico.',
    en: 'The type cannot change: the equipment has history.',
  },
  'registry.importInvalidValue': { pt: 'Valor inválido.', en: 'Invalid value.' },
  'registry.importRefused': {
    pt: '{count} linha(s) recusada(s): nada foi gravado. Corrija o arquivo e tente de novo.',
    en: '{count} line(s) refused: nothing was written. Fix the file and try again.',
  },
  'registry.importConflict': {
    pt: 'O cadastro mudou durante a importação: nada foi gravado. Tente de novo.',
    en: 'The registry changed during the import: nothing was written. Try again.',
  },
  'registry.gatewayNotFound': {
    pt: 'Gateway {code} não encontrado.',
    en: 'Gateway {code} not found.',
  },
  'registry.gatewayNotGateway': {
    pt: 'O equipamento {code} não é um gateway.',
    en: 'The equipment {code} is not a gateway.',
  },
  'registry.gatewayOtherFacility': {
    pt: 'O gateway {code} é de outra instalação.',
    en: 'The gateway {code} belongs to another facility.',
  },
  'registry.gatewayRetired': {
    pt: 'O gateway {code} está desativado.',
    en: 'The gateway {code} is retired.',
  },
  'registry.gatewayHasDevices': {
    pt: 'O gateway atende {count} equipamento(s): reatribua-os antes de mudar seu tipo ou instalação.',
    en: 'The gateway serves {count} device(s): reassign them before changing its type or facility.',
  },
  'validation.gatewaySelf': {
    pt: 'Um equipamento não pode ser o próprio gateway.',
    en: 'An equipment cannot be its own gateway.',
  },
  'validation.gatewayOfGateway': {
    pt: 'Um gateway não pode ter gateway.',
    en: 'A gateway cannot have a gateway.',
  },
  'validation.credentialGrace': {
    pt: 'Escolha o período de tolerância: nenhum, 1 h, 24 h ou 7 dias.',
    en: 'Choose the grace period: none, 1 h, 24 h or 7 days.',
  },
  'deviceCredentials.alreadyHasSecret': {
    pt: 'O equipamento já tem um segredo: gire-o para obter um novo.',
    en: 'The equipment already has a secret: rotate it to get a new one.',
  },
  'deviceCredentials.noSecret': {
    pt: 'O equipamento não tem segredo ativo.',
    en: 'The equipment has no active secret.',
  },
  'deviceCredentials.provisionTooMany': {
    pt: 'No máximo 1.000 equipamentos por arquivo de provisionamento: filtre mais.',
    en: 'At most 1,000 devices per provisioning file: narrow the filter.',
  },
  'deviceCredentials.provisionEmpty': {
    pt: 'Nenhum equipamento em serviço corresponde à seleção.',
    en: 'No equipment in service matches the selection.',
  },
  'deviceCredentials.provisionNotFound': {
    pt: 'Equipamento {code} não encontrado ou desativado.',
    en: 'Equipment {code} not found or retired.',
  },
  'deviceCredentials.noteOwn': {
    pt: 'Conecte com este usuário e segredo (MQTT, QoS 1); publique apenas nos tópicos desta linha.',
    en: "Connect with this username and secret (MQTT, QoS 1); publish only to this line's topics.",
  },
  'deviceCredentials.noteGateway': {
    pt: 'Atribuído ao gateway {code}: ele publica por este equipamento.',
    en: 'Assigned to the gateway {code}: it publishes for this device.',
  },
  'lights.roomNotFound': { pt: 'Sala não encontrada.', en: 'Room not found.' },
  'lights.scheduleNotFound': { pt: 'Agendamento não encontrado.', en: 'Schedule not found.' },
  ...maintenanceMessages,
  ...notificationMessages,
  ...procurementMessages,
  ...sparePartsMessages,
  ...purchaseOrderMessages,
  ...weatherMessages,
  ...settingsMessages,
} as const satisfies MessageTable;

export type ServerMessageKey = keyof typeof serverMessages;

export function isServerMessageKey(value: string): value is ServerMessageKey {
  return Object.hasOwn(serverMessages, value);
}

export function translateServerMessage(
  key: ServerMessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  return serverMessages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
