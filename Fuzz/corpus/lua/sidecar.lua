return {
    ["annotations"] = {
        [1] = {
            ["chapter"] = "One",
            ["datetime"] = "2023-05-14 23:36:07",
            ["pageno"] = 13,
            ["text"] = "a\
b\9c",
        },
    },
    ["doc_props"] = { ["title"] = "T", ["authors"] = "A" },
}
