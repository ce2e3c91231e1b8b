// Uniqueness constraints of the fabricgraph catalogue. Every statement is named and IF NOT EXISTS,
// so applying the file twice changes nothing. Statements are separated by ';'.
CREATE CONSTRAINT source_id IF NOT EXISTS FOR (n:Source) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT generation_id IF NOT EXISTS FOR (n:Generation) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT fiber_type_name IF NOT EXISTS FOR (n:FiberType) REQUIRE n.name IS UNIQUE;
CREATE CONSTRAINT connector_id IF NOT EXISTS FOR (n:Connector) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT form_factor_name IF NOT EXISTS FOR (n:FormFactor) REQUIRE n.name IS UNIQUE;
CREATE CONSTRAINT pmd_name IF NOT EXISTS FOR (n:Pmd) REQUIRE n.name IS UNIQUE;
CREATE CONSTRAINT part_number IF NOT EXISTS FOR (n:Part) REQUIRE n.partNumber IS UNIQUE;
CREATE CONSTRAINT device_model IF NOT EXISTS FOR (n:Device) REQUIRE n.model IS UNIQUE;
CREATE CONSTRAINT cage_id IF NOT EXISTS FOR (n:Cage) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT alias_key IF NOT EXISTS FOR (n:Alias) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT catalogue_edit_id IF NOT EXISTS FOR (n:CatalogueEdit) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT catalogue_version_id IF NOT EXISTS FOR (n:CatalogueVersion) REQUIRE n.id IS UNIQUE;
