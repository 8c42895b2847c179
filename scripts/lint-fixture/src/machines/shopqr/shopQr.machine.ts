export const shopQrMachine = { id: 'shopQr' };
