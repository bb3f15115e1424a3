package com.example.shop;

import java.util.ArrayList;
import java.util.List;

public class Main {
    private final List<String> items = new ArrayList<>();

    public static void main(String[] args) {
        Main app = new Main();
        app.add("a");
        System.out.println(app.items);
    }

    public void add(String item) {
        items.add(item);
    }
}

interface Priced {
    double price();
}
