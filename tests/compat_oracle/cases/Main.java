package com.example;

import java.util.List;

public class Main {
    public static void main(String[] args) {
        System.out.println(List.of(1, 2));
    }
}
