-- we can read Lua syntax here!
return {
    ["annotations"] = {
        [1] = {
            ["chapter"] = "One",
            ["datetime"] = "2023-05-14 23:36:07",
            ["drawer"] = "lighten",
            ["note"] = "Why?",
            ["page"] = "/body/DocFragment[5]/body/p[1]/text().0",
            ["pageno"] = 3,
            ["pos0"] = "/body/DocFragment[5]/body/p[1]/text().0",
            ["pos1"] = "/body/DocFragment[5]/body/p[1]/text().9",
            ["text"] = "A passage\
on two lines\9tabbed.",
        },
        [2] = { ["datetime"] = "2023-05-15 08:00:00", ["page"] = "/x", ["pageno"] = 9, ["text"] = "in One" },
    },
    ["doc_path"] = "/mnt/onboard/A.epub",
    ["doc_props"] = { ["authors"] = "A\nB", ["title"] = "T" },
}
