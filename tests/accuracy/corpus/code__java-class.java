package com.example.demo;

import java.util.List;
import java.util.Optional;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/api/items")
public class ItemController {

    private final ItemRepository repo;

    public ItemController(ItemRepository repo) {
        this.repo = repo;
    }

    @GetMapping
    public List<Item> list() {
        return repo.findAll();
    }

    @GetMapping("/{id}")
    public Optional<Item> get(@PathVariable long id) {
        return repo.findById(id);
    }
}
