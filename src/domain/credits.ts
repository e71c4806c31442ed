/** Every generated image costs exactly this many credits (contract §8); so does each page of a PDF (one template is one page). */
export const CREDITS_PER_IMAGE = 1;

/** Credits a fresh self-hosted install's demo account starts with. */
export const DEMO_CREDITS = 100;

export interface Usage {
  previousCredits: number;
  creditsUsed: number;
  remainingCredits: number;
}

export function usageOf(previousCredits: number, remainingCredits: number): Usage {
  return { previousCredits, creditsUsed: previousCredits - remainingCredits, remainingCredits };
}
