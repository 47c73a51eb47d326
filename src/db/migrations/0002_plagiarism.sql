CREATE TABLE "plagiarism_bands" (
	"band" text NOT NULL,
	"doc_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plagiarism_fingerprints" (
	"hash" bigint NOT NULL,
	"doc_id" uuid NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plagiarism_minhash" (
	"doc_id" uuid PRIMARY KEY NOT NULL,
	"minhash" bigint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"reference" text NOT NULL,
	"licence" text DEFAULT '' NOT NULL,
	"origin" text NOT NULL,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plagiarism_bands" ADD CONSTRAINT "plagiarism_bands_doc_id_reference_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."reference_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_fingerprints" ADD CONSTRAINT "plagiarism_fingerprints_doc_id_reference_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."reference_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plagiarism_minhash" ADD CONSTRAINT "plagiarism_minhash_doc_id_reference_documents_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."reference_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_documents" ADD CONSTRAINT "reference_documents_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plagiarism_bands_band_idx" ON "plagiarism_bands" USING btree ("band");--> statement-breakpoint
CREATE INDEX "plagiarism_bands_doc_idx" ON "plagiarism_bands" USING btree ("doc_id");--> statement-breakpoint
CREATE INDEX "plagiarism_fingerprints_hash_idx" ON "plagiarism_fingerprints" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "plagiarism_fingerprints_doc_idx" ON "plagiarism_fingerprints" USING btree ("doc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_documents_origin_reference_idx" ON "reference_documents" USING btree ("origin","reference");--> statement-breakpoint
CREATE INDEX "reference_documents_created_idx" ON "reference_documents" USING btree ("created_at");