/** How the send log names a row's purpose (`purpose`) and result (`result`), by the server's numbers. */
export const SMS_LOG_PURPOSES: Record<number, { zh: string; en: string }> = {
  1: { zh: '登录验证码', en: 'Login code' },
  2: { zh: '发送', en: 'Message' },
};

export const SMS_LOG_RESULTS: Record<number, { zh: string; en: string }> = {
  0: { zh: '发送中', en: 'Sending' },
  1: { zh: '成功', en: 'Sent' },
  2: { zh: '失败', en: 'Failed' },
};
