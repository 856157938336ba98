-- A person's own order of their favourites (and administrators' of the
-- team's picks), once they move one by hand: 0 first; null until then.
ALTER TABLE `favourites` ADD `rank` integer;
