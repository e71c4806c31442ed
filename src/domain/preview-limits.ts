/**
 * Defaults of PREVIEW_RATE_PER_MINUTE and PREVIEW_DAILY_CAP (free previews per
 * account). Thirty a minute is one click every two seconds, faster than a person
 * tweaks a design and checks it; two hundred a day covers a long design session
 * (docs/decisions/0019) while staying far below any volume worth paying for.
 */
export const DEFAULT_PREVIEW_PER_MINUTE = 30;
export const DEFAULT_PREVIEW_DAILY_CAP = 200;
