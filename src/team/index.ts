export { createTeamSync, type TeamSync, type TeamTarget, type SyncState } from './sync.ts';
export { addMember, initTeam, removeMember } from './admin.ts';
export {
  clientConfig,
  saveTeamSecret,
  splitPassword,
  teamSecretFile,
  withClient,
} from './connection.ts';
export { normalizeRemote, teamProjectOf } from './remote.ts';
export { claimTeamProject, pullFolderNow, type FirstPull } from './first-pull.ts';
export { teamRole } from './server-schema.ts';
