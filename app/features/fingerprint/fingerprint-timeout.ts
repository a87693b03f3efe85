/** How long the listing call and the third-party agent may take before the fingerprint is given up (null). */
export const FINGERPRINT_TIMEOUT_MS = 5000;
