/** Model types of the generated client, re-exported so the rest of the code names one place. */
export type { User, AccessToken, Repository, Team, TeamMember, OrgMember, Collaboration, Star, Watch, Follow, RepositoryRedirect, RepositoryTransfer, Branch, Tag, Label, Milestone, Prisma } from '../../prisma/__generated__/sqlite/client.ts';
