-- CreateTable
CREATE TABLE "BranchProtection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" INTEGER NOT NULL,
    "ruleName" TEXT NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "canPush" BOOLEAN NOT NULL DEFAULT false,
    "enableWhitelist" BOOLEAN NOT NULL DEFAULT false,
    "whitelistUserIds" TEXT NOT NULL DEFAULT '[]',
    "whitelistTeamIds" TEXT NOT NULL DEFAULT '[]',
    "whitelistDeployKeys" BOOLEAN NOT NULL DEFAULT false,
    "canForcePush" BOOLEAN NOT NULL DEFAULT false,
    "enableForcePushAllowlist" BOOLEAN NOT NULL DEFAULT false,
    "forcePushAllowlistUserIds" TEXT NOT NULL DEFAULT '[]',
    "forcePushAllowlistTeamIds" TEXT NOT NULL DEFAULT '[]',
    "forcePushAllowlistDeployKeys" BOOLEAN NOT NULL DEFAULT false,
    "enableMergeWhitelist" BOOLEAN NOT NULL DEFAULT false,
    "mergeWhitelistUserIds" TEXT NOT NULL DEFAULT '[]',
    "mergeWhitelistTeamIds" TEXT NOT NULL DEFAULT '[]',
    "enableStatusCheck" BOOLEAN NOT NULL DEFAULT false,
    "statusCheckContexts" TEXT NOT NULL DEFAULT '[]',
    "enableApprovalsWhitelist" BOOLEAN NOT NULL DEFAULT false,
    "approvalsWhitelistUserIds" TEXT NOT NULL DEFAULT '[]',
    "approvalsWhitelistTeamIds" TEXT NOT NULL DEFAULT '[]',
    "requiredApprovals" INTEGER NOT NULL DEFAULT 0,
    "blockOnRejectedReviews" BOOLEAN NOT NULL DEFAULT false,
    "blockOnOfficialReviewRequests" BOOLEAN NOT NULL DEFAULT false,
    "blockOnCodeownerReviews" BOOLEAN NOT NULL DEFAULT false,
    "blockOnOutdatedBranch" BOOLEAN NOT NULL DEFAULT false,
    "dismissStaleApprovals" BOOLEAN NOT NULL DEFAULT false,
    "ignoreStaleApprovals" BOOLEAN NOT NULL DEFAULT false,
    "requireSignedCommits" BOOLEAN NOT NULL DEFAULT false,
    "protectedFilePatterns" TEXT NOT NULL DEFAULT '',
    "unprotectedFilePatterns" TEXT NOT NULL DEFAULT '',
    "blockAdminMergeOverride" BOOLEAN NOT NULL DEFAULT false,
    "enableBypassAllowlist" BOOLEAN NOT NULL DEFAULT false,
    "bypassAllowlistUserIds" TEXT NOT NULL DEFAULT '[]',
    "bypassAllowlistTeamIds" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BranchProtection_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BranchProtection_repoId_priority_idx" ON "BranchProtection"("repoId", "priority");

-- CreateIndex
CREATE UNIQUE INDEX "BranchProtection_repoId_ruleName_key" ON "BranchProtection"("repoId", "ruleName");
