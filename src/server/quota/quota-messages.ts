export { monthlyLimitMessage, storageLimitMessage } from '../../core/limit-messages.js';
