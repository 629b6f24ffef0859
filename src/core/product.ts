/** Operators may rebrand: the product name lives in this one constant. */
export const PRODUCT_NAME = 'Sonoscript';
export const FOUNDED_YEAR = 2024;
export const PRIVACY_POLICY_DATE = 'April 29, 2025';
export const SUPPORT_HOURS = 'Mon-Fri, 9am-5pm ET';
