/** 16 kHz mono signed 16-bit PCM, the one audio form every engine receives. */
export const PCM_SAMPLE_RATE = 16_000;
