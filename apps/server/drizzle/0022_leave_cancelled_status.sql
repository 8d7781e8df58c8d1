-- Leave gets status 5, Cancelled (its employee cancels a request that has not begun); databases seeded before it get the row here.
INSERT INTO "workflow_statuses" ("module", "id", "name", "color") VALUES ('leave', 5, 'Cancelled', 'default') ON CONFLICT DO NOTHING;
