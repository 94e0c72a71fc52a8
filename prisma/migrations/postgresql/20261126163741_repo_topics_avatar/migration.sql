-- AlterTable
ALTER TABLE "Repository" ADD COLUMN     "avatar" TEXT;

-- CreateTable
CREATE TABLE "Topic" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Topic_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RepoTopic" (
    "repoId" INTEGER NOT NULL,
    "topicId" INTEGER NOT NULL,

    CONSTRAINT "RepoTopic_pkey" PRIMARY KEY ("repoId","topicId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Topic_name_key" ON "Topic"("name");

-- CreateIndex
CREATE INDEX "RepoTopic_topicId_idx" ON "RepoTopic"("topicId");

-- AddForeignKey
ALTER TABLE "RepoTopic" ADD CONSTRAINT "RepoTopic_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RepoTopic" ADD CONSTRAINT "RepoTopic_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "Topic"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the comma-separated topics each repository already has become Topic and RepoTopic rows.
INSERT INTO "Topic" ("name")
SELECT DISTINCT "t" FROM "Repository", unnest(string_to_array("topics", ',')) AS "t" WHERE "topics" <> '' AND "t" <> '';

INSERT INTO "RepoTopic" ("repoId", "topicId")
SELECT DISTINCT "Repository"."id", "Topic"."id"
FROM "Repository", unnest(string_to_array("Repository"."topics", ',')) AS "t"
JOIN "Topic" ON "Topic"."name" = "t"
WHERE "Repository"."topics" <> '';
