-- A short code per room (8 letters of a 31-letter alphabet, canonical
-- form without the dash) that opens the room while its lobby is open, for
-- a link read out on a call. NULL for rooms created before codes existed.
ALTER TABLE rooms ADD COLUMN code TEXT;
CREATE UNIQUE INDEX rooms_by_code ON rooms (code);
