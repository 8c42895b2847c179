/**
 * The customer display's public face in the services layer: the message the cashier's page sends (a
 * versioned, validated shape), the same-device channel and the cross-device relay. The order-payment page
 * publishes through it (areas.json: orderpayment uses display).
 */
export * from './messages';
export * from './channel';
export * from './relay';
