/** The query parameter of a link to a moment of an episode (decision 0285). */
export const MOMENT_PARAMETER = "t";
