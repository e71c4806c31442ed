/** Every generated image costs exactly this many credits (contract §8). */
export const CREDITS_PER_IMAGE = 1;
/** Credits a fresh self-hosted install's demo account starts with. */
export const DEMO_CREDITS = 100;
export function usageOf(previousCredits, remainingCredits) {
    return { previousCredits, creditsUsed: previousCredits - remainingCredits, remainingCredits };
}
//# sourceMappingURL=credits.js.map