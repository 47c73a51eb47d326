-- Texts users shared before submissions were anonymous were stored as "Submission by <username>, <date>" with the
-- reference "user:<user id>:<text hash>". The owner stays in added_by; the title and the reference name nobody.
-- The md5 keeps the (origin, reference) pairs unique, and the "legacy-" prefix keeps them apart from new references.
UPDATE "reference_documents"
SET "title" = 'Shared submission, ' || to_char("created_at", 'YYYY-MM-DD'),
    "reference" = 'submission:legacy-' || md5("reference")
WHERE "origin" = 'user' AND "reference" LIKE 'user:%';
