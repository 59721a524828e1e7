export {
  createTeamSync,
  NO_ROUND_YET,
  type TeamSync,
  type TeamTarget,
  type SyncState,
} from './sync.ts';
export { addMember, initTeam, removeMember } from './admin.ts';
export { listMembers, type MemberActivity } from './members.ts';
export { clientConfig, saveTeamSecret, teamSecretFile, withClient } from './connection.ts';
export { isPostgresUrl, refusedUrl, shownUrl, splitPassword } from './team-url.ts';
export { normalizeRemote, teamProjectOf } from './remote.ts';
export { claimTeamProject, pullFolderNow, type FirstPull } from './first-pull.ts';
export { teamRole } from './server-schema.ts';
export { stallOf, type Stall } from './stall.ts';
