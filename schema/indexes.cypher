// Lookup indexes. Named and IF NOT EXISTS: safe to apply twice. Statements are separated by ';'.
CREATE INDEX part_kind IF NOT EXISTS FOR (n:Part) ON (n.kind);
CREATE INDEX part_family IF NOT EXISTS FOR (n:Part) ON (n.family);
CREATE INDEX part_vendor IF NOT EXISTS FOR (n:Part) ON (n.vendor);
CREATE INDEX device_type IF NOT EXISTS FOR (n:Device) ON (n.deviceType);
CREATE INDEX pmd_family IF NOT EXISTS FOR (n:Pmd) ON (n.family);
