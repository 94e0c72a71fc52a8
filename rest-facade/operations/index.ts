/** Every REST operation, by operationId. The route table (../routes.ts) says who may reach each. */
export { getVersion } from './miscellaneous/getVersion.ts';
export { getGeneralAPISettings } from './settings/getGeneralAPISettings.ts';
export { getGeneralAttachmentSettings } from './settings/getGeneralAttachmentSettings.ts';
export { getGeneralRepositorySettings } from './settings/getGeneralRepositorySettings.ts';
export { getGeneralUISettings } from './settings/getGeneralUISettings.ts';
export { userGetCurrent } from './user/userGetCurrent.ts';
export { userGet } from './user/userGet.ts';
export { userSearch } from './user/userSearch.ts';
export { userGetTokens } from './user/userGetTokens.ts';
export { userCreateToken } from './user/userCreateToken.ts';
export { userDeleteAccessToken } from './user/userDeleteAccessToken.ts';
export { adminSearchUsers } from './admin/adminSearchUsers.ts';
export { adminCreateUser } from './admin/adminCreateUser.ts';
export { adminEditUser } from './admin/adminEditUser.ts';
export { adminDeleteUser } from './admin/adminDeleteUser.ts';
export { createCurrentUserRepo } from './repository/createCurrentUserRepo.ts';
export { adminCreateRepo } from './repository/adminCreateRepo.ts';
export { repoGet } from './repository/repoGet.ts';
export { repoGetByID } from './repository/repoGetByID.ts';
export { repoEdit } from './repository/repoEdit.ts';
export { repoDelete } from './repository/repoDelete.ts';
export { repoSearch } from './repository/repoSearch.ts';
export { userListRepos } from './repository/userListRepos.ts';
export { userCurrentListRepos } from './repository/userCurrentListRepos.ts';
export { repoListTopics, repoUpdateTopics, repoAddTopic, repoDeleteTopic } from './repository/topics.ts';
export { repoGetLanguages } from './repository/repoGetLanguages.ts';
export { repoListBranches, repoGetBranch, repoCreateBranch, repoDeleteBranch, repoRenameBranch } from './repository/branches.ts';
export { repoListTags, repoGetTag, repoCreateTag, repoDeleteTag, GetAnnotatedTag } from './repository/tags.ts';
export { repoListAllGitRefs, repoListGitRefs } from './repository/refs.ts';
export { repoGetSingleCommit } from './repository/repoGetSingleCommit.ts';
export { repoGetAllCommits } from './repository/repoGetAllCommits.ts';
export { repoDownloadCommitDiffOrPatch } from './repository/repoDownloadCommitDiffOrPatch.ts';
export { GetTree } from './repository/GetTree.ts';
export { GetBlob } from './repository/GetBlob.ts';
export { repoCompareDiff } from './repository/repoCompareDiff.ts';
export {
  repoGetContents,
  repoGetContentsList,
  repoGetContentsExt,
  repoCreateFile,
  repoUpdateFile,
  repoDeleteFile,
  repoChangeFiles,
  repoApplyDiffPatch,
} from './repository/contents.ts';
export { repoGetRawFile, repoGetRawFileOrLFS, repoGetArchive } from './repository/downloads.ts';
export {
  orgGetAll,
  orgListCurrentUserOrgs,
  orgListUserOrgs,
  orgGet,
  orgCreate,
  adminCreateOrg,
  adminGetAllOrgs,
  orgEdit,
  orgDelete,
  orgGetUserPermissions,
  orgListRepos,
  createOrgRepo,
} from './organization/orgs.ts';
export {
  orgListMembers,
  orgListPublicMembers,
  orgIsMember,
  orgIsPublicMember,
  orgDeleteMember,
  orgPublicizeMember,
  orgConcealMember,
} from './organization/members.ts';
export {
  orgListTeams,
  teamSearch,
  userListTeams,
  orgGetTeam,
  orgCreateTeam,
  orgEditTeam,
  orgDeleteTeam,
  orgListTeamMembers,
  orgListTeamMember,
  orgAddTeamMember,
  orgRemoveTeamMember,
  orgListTeamRepos,
  orgListTeamRepo,
  orgAddTeamRepository,
  orgRemoveTeamRepository,
} from './organization/teams.ts';
export {
  repoListCollaborators,
  repoCheckCollaborator,
  repoAddCollaborator,
  repoDeleteCollaborator,
  repoGetRepoPermissions,
} from './repository/collaborators.ts';
export { repoListTeams, repoCheckTeam, repoAddTeam, repoDeleteTeam } from './repository/teams.ts';
// Stars, watches and follows
export {
  userCurrentListStarred,
  userListStarred,
  userCurrentCheckStarring,
  userCurrentPutStar,
  userCurrentDeleteStar,
  repoListStargazers,
} from './social/stars.ts';
export {
  userCurrentCheckSubscription,
  userCurrentPutSubscription,
  userCurrentDeleteSubscription,
  repoListSubscribers,
  userCurrentListSubscriptions,
  userListSubscriptions,
} from './social/watches.ts';
export {
  userCurrentListFollowers,
  userCurrentListFollowing,
  userListFollowers,
  userListFollowing,
  userCurrentCheckFollowing,
  userCheckFollowing,
  userCurrentPutFollow,
  userCurrentDeleteFollow,
} from './social/follows.ts';
export { listForks, createFork, repoMergeUpstream } from './repository/forks.ts';
export { repoTransfer, acceptRepoTransfer, rejectRepoTransfer } from './repository/transfers.ts';
