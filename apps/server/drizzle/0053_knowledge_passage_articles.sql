CREATE TABLE "knowledge_passage_articles" (
	"passage_id" uuid PRIMARY KEY NOT NULL,
	"chapter" text,
	"article" text NOT NULL,
	"article_title" text,
	"paragraph" text
);
--> statement-breakpoint
ALTER TABLE "knowledge_passage_articles" ADD CONSTRAINT "knowledge_passage_articles_passage_id_knowledge_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."knowledge_passages"("id") ON DELETE cascade ON UPDATE no action;