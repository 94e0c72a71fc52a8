-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Repository" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "lowerName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "website" TEXT NOT NULL DEFAULT '',
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "isEmpty" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "archivedAt" DATETIME,
    "isTemplate" BOOLEAN NOT NULL DEFAULT false,
    "defaultBranch" TEXT NOT NULL DEFAULT 'main',
    "objectFormat" TEXT NOT NULL DEFAULT 'sha1',
    "topics" TEXT NOT NULL DEFAULT '',
    "sizeBytes" INTEGER NOT NULL DEFAULT 0,
    "branchCount" INTEGER NOT NULL DEFAULT 0,
    "hasCode" BOOLEAN NOT NULL DEFAULT true,
    "hasIssues" BOOLEAN NOT NULL DEFAULT true,
    "hasWiki" BOOLEAN NOT NULL DEFAULT true,
    "hasPullRequests" BOOLEAN NOT NULL DEFAULT true,
    "hasProjects" BOOLEAN NOT NULL DEFAULT true,
    "hasReleases" BOOLEAN NOT NULL DEFAULT true,
    "hasPackages" BOOLEAN NOT NULL DEFAULT true,
    "hasActions" BOOLEAN NOT NULL DEFAULT true,
    "ignoreWhitespaceConflicts" BOOLEAN NOT NULL DEFAULT false,
    "allowMergeCommits" BOOLEAN NOT NULL DEFAULT true,
    "allowRebase" BOOLEAN NOT NULL DEFAULT true,
    "allowRebaseExplicit" BOOLEAN NOT NULL DEFAULT true,
    "allowSquashMerge" BOOLEAN NOT NULL DEFAULT true,
    "allowFastForwardOnlyMerge" BOOLEAN NOT NULL DEFAULT true,
    "allowRebaseUpdate" BOOLEAN NOT NULL DEFAULT true,
    "allowManualMerge" BOOLEAN NOT NULL DEFAULT false,
    "autodetectManualMerge" BOOLEAN NOT NULL DEFAULT false,
    "defaultDeleteBranchAfterMerge" BOOLEAN NOT NULL DEFAULT false,
    "defaultMergeStyle" TEXT NOT NULL DEFAULT 'merge',
    "defaultAllowMaintainerEdit" BOOLEAN NOT NULL DEFAULT false,
    "projectsMode" TEXT NOT NULL DEFAULT 'all',
    "enableTimeTracker" BOOLEAN NOT NULL DEFAULT true,
    "allowOnlyContributorsToTrackTime" BOOLEAN NOT NULL DEFAULT true,
    "enableIssueDependencies" BOOLEAN NOT NULL DEFAULT true,
    "externalTrackerUrl" TEXT NOT NULL DEFAULT '',
    "externalTrackerFormat" TEXT NOT NULL DEFAULT '',
    "externalTrackerStyle" TEXT NOT NULL DEFAULT '',
    "externalTrackerRegexp" TEXT NOT NULL DEFAULT '',
    "externalWikiUrl" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Repository_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Repository" ("allowFastForwardOnlyMerge", "allowManualMerge", "allowMergeCommits", "allowRebase", "allowRebaseExplicit", "allowRebaseUpdate", "allowSquashMerge", "archivedAt", "autodetectManualMerge", "branchCount", "createdAt", "defaultAllowMaintainerEdit", "defaultBranch", "defaultDeleteBranchAfterMerge", "defaultMergeStyle", "description", "hasActions", "hasCode", "hasIssues", "hasPackages", "hasProjects", "hasPullRequests", "hasReleases", "hasWiki", "id", "ignoreWhitespaceConflicts", "isArchived", "isEmpty", "isPrivate", "isTemplate", "lowerName", "name", "objectFormat", "ownerId", "projectsMode", "sizeBytes", "topics", "updatedAt", "website") SELECT "allowFastForwardOnlyMerge", "allowManualMerge", "allowMergeCommits", "allowRebase", "allowRebaseExplicit", "allowRebaseUpdate", "allowSquashMerge", "archivedAt", "autodetectManualMerge", "branchCount", "createdAt", "defaultAllowMaintainerEdit", "defaultBranch", "defaultDeleteBranchAfterMerge", "defaultMergeStyle", "description", "hasActions", "hasCode", "hasIssues", "hasPackages", "hasProjects", "hasPullRequests", "hasReleases", "hasWiki", "id", "ignoreWhitespaceConflicts", "isArchived", "isEmpty", "isPrivate", "isTemplate", "lowerName", "name", "objectFormat", "ownerId", "projectsMode", "sizeBytes", "topics", "updatedAt", "website" FROM "Repository";
DROP TABLE "Repository";
ALTER TABLE "new_Repository" RENAME TO "Repository";
CREATE INDEX "Repository_lowerName_idx" ON "Repository"("lowerName");
CREATE UNIQUE INDEX "Repository_ownerId_lowerName_key" ON "Repository"("ownerId", "lowerName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
