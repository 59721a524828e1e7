/**
 * Own first (issue 30): the SessionStart index takes this machine's newest observations of a
 * project by this index, so a teammate's flood of newer shared rows cannot push them out of its
 * candidates (walking the project's index past 50,000 pulled rows to find one's own would cost
 * every SessionStart that walk). Pulled rows carry an `author`; one's own have none.
 */
export const ownFirst = `
CREATE INDEX observations_own ON observations (project, created_at) WHERE author IS NULL;
`;
