-- CreateTable
CREATE TABLE "Repository" (
    "id" SERIAL NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "lowerName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "website" TEXT NOT NULL DEFAULT '',
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "isEmpty" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "archivedAt" TIMESTAMP(3),
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Repository_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Repository_lowerName_idx" ON "Repository"("lowerName");

-- CreateIndex
CREATE UNIQUE INDEX "Repository_ownerId_lowerName_key" ON "Repository"("ownerId", "lowerName");

-- AddForeignKey
ALTER TABLE "Repository" ADD CONSTRAINT "Repository_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
