-- AlterTable
ALTER TABLE "Repository" ADD COLUMN "avatar" TEXT;

-- CreateTable
CREATE TABLE "Topic" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RepoTopic" (
    "repoId" INTEGER NOT NULL,
    "topicId" INTEGER NOT NULL,

    PRIMARY KEY ("repoId", "topicId"),
    CONSTRAINT "RepoTopic_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RepoTopic_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "Topic" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Topic_name_key" ON "Topic"("name");

-- CreateIndex
CREATE INDEX "RepoTopic_topicId_idx" ON "RepoTopic"("topicId");

-- Backfill: the comma-separated topics each repository already has become Topic and RepoTopic rows.
INSERT INTO "Topic" ("name")
WITH RECURSIVE "split"("repoId", "name", "rest") AS (
    SELECT "id", '', "topics" || ',' FROM "Repository" WHERE "topics" <> ''
    UNION ALL
    SELECT "repoId", substr("rest", 1, instr("rest", ',') - 1), substr("rest", instr("rest", ',') + 1) FROM "split" WHERE "rest" <> ''
)
SELECT DISTINCT "name" FROM "split" WHERE "name" <> '';

INSERT OR IGNORE INTO "RepoTopic" ("repoId", "topicId")
WITH RECURSIVE "split"("repoId", "name", "rest") AS (
    SELECT "id", '', "topics" || ',' FROM "Repository" WHERE "topics" <> ''
    UNION ALL
    SELECT "repoId", substr("rest", 1, instr("rest", ',') - 1), substr("rest", instr("rest", ',') + 1) FROM "split" WHERE "rest" <> ''
)
SELECT "split"."repoId", "Topic"."id" FROM "split" JOIN "Topic" ON "Topic"."name" = "split"."name";
